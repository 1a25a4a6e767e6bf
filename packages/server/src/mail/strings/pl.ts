import type { MailStrings } from '../mail-strings.js';

export const pl: MailStrings = {
  resetSubject: 'Resetowanie hasła',
  resetBody:
    'Ktoś poprosił o zresetowanie hasła do {email} w Rowbase.\nOtwórz ten link w ciągu godziny, aby wybrać nowe: {link}\nJeśli to nie Ty, zignoruj tę wiadomość.',
  inviteSubject: 'Zaproszenie do Rowbase',
  inviteBody:
    '{inviter} zaprasza Cię do Rowbase.\nOtwórz ten link, aby ustawić hasło i się zalogować: {link}',
  inviteBaseSubject: 'Zaproszenie do {base} w Rowbase',
  inviteBaseBody:
    '{inviter} zaprasza Cię do bazy „{base}” w Rowbase.\nOtwórz ten link, aby ustawić hasło i otworzyć bazę: {link}',
  baseAccessBody: '{inviter} dodał(a) Cię do bazy „{base}” w Rowbase.\nOtwórz ją tutaj: {link}',
  verifySubject: 'Potwierdź swój adres e-mail',
  verifyBody: 'Otwórz ten link, aby potwierdzić {email} w Rowbase: {link}',
  testSubject: 'Testowy e-mail z Rowbase',
  testBody: 'To jest wiadomość testowa z Rowbase: ustawienia poczty działają.',
  formSubject: 'Nowa odpowiedź w formularzu {form}',
  formBody: 'Ktoś wypełnił formularz „{form}” w Rowbase.\n{answers}\nZobacz odpowiedzi: {link}',
  hookAdded: '{table}: dodane rekordy: {count}',
  hookUpdated: '{table}: zaktualizowane rekordy: {count}',
  hookDeleted: '{table}: usunięte rekordy: {count}',
  hookSent: '{table}: rekordy wysłane ręcznie: {count}',
  hookMore: '… i jeszcze: {count}',
};
