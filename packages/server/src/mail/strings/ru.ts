import type { MailStrings } from '../mail-strings.js';

export const ru: MailStrings = {
  resetSubject: 'Сброс пароля',
  resetBody:
    'Кто-то запросил сброс пароля для {email} в Rowbase.\nОткройте эту ссылку в течение часа, чтобы выбрать новый: {link}\nЕсли это были не вы, просто проигнорируйте это письмо.',
  inviteSubject: 'Вас пригласили в Rowbase',
  inviteBody:
    '{inviter} пригласил(а) вас в Rowbase.\nОткройте эту ссылку, чтобы задать пароль и войти: {link}',
  inviteBaseSubject: 'Вас пригласили в {base} в Rowbase',
  inviteBaseBody:
    '{inviter} пригласил(а) вас в базу «{base}» в Rowbase.\nОткройте эту ссылку, чтобы задать пароль и открыть базу: {link}',
  baseAccessBody: '{inviter} добавил(а) вас в базу «{base}» в Rowbase.\nОткрыть её: {link}',
  verifySubject: 'Подтвердите адрес электронной почты',
  verifyBody: 'Откройте эту ссылку, чтобы подтвердить {email} в Rowbase: {link}',
  testSubject: 'Тестовое письмо Rowbase',
  testBody: 'Это тестовое сообщение от Rowbase: настройки почты работают.',
  formSubject: 'Новый ответ в форме {form}',
  formBody: 'Кто-то заполнил форму «{form}» в Rowbase.\n{answers}\nПосмотреть ответы: {link}',
  hookAdded: '{table}: добавлено записей: {count}',
  hookUpdated: '{table}: изменено записей: {count}',
  hookDeleted: '{table}: удалено записей: {count}',
  hookSent: '{table}: вручную отправлено записей: {count}',
  hookMore: '… и ещё: {count}',
};
