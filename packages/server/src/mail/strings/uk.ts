import type { MailStrings } from '../mail-strings.js';

export const uk: MailStrings = {
  resetSubject: 'Скидання пароля',
  resetBody:
    'Хтось попросив скинути пароль для {email} у Rowbase.\nВідкрийте це посилання протягом години, щоб вибрати новий: {link}\nЯкщо це були не ви, проігноруйте цей лист.',
  inviteSubject: 'Вас запрошено до Rowbase',
  inviteBody:
    '{inviter} запросив(ла) вас до Rowbase.\nВідкрийте це посилання, щоб задати пароль і увійти: {link}',
  inviteBaseSubject: 'Вас запрошено до {base} у Rowbase',
  inviteBaseBody:
    '{inviter} запросив(ла) вас до бази «{base}» у Rowbase.\nВідкрийте це посилання, щоб задати пароль і відкрити базу: {link}',
  baseAccessBody: '{inviter} додав(ла) вас до бази «{base}» у Rowbase.\nВідкрити її: {link}',
  verifySubject: 'Підтвердьте адресу електронної пошти',
  verifyBody: 'Відкрийте це посилання, щоб підтвердити {email} у Rowbase: {link}',
  testSubject: 'Тестовий лист Rowbase',
  testBody: 'Це тестове повідомлення від Rowbase: налаштування пошти працюють.',
  formSubject: 'Нова відповідь у формі {form}',
  formBody: 'Хтось заповнив форму «{form}» у Rowbase.\n{answers}\nПереглянути відповіді: {link}',
  hookAdded: '{table}: додано записів: {count}',
  hookUpdated: '{table}: змінено записів: {count}',
  hookDeleted: '{table}: видалено записів: {count}',
  hookSent: '{table}: вручну надіслано записів: {count}',
  hookMore: '… і ще: {count}',
};
