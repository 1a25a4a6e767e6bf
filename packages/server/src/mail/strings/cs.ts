import type { MailStrings } from '../mail-strings.js';

export const cs: MailStrings = {
  resetSubject: 'Obnovení hesla',
  resetBody:
    'Někdo požádal o obnovení hesla k {email} v Rowbase.\nOtevřete tento odkaz do hodiny a zvolte nové: {link}\nPokud jste to nebyli vy, tuto zprávu ignorujte.',
  inviteSubject: 'Pozvánka do Rowbase',
  inviteBody:
    '{inviter} vás pozval(a) do Rowbase.\nOtevřete tento odkaz, zvolte heslo a přihlaste se: {link}',
  inviteBaseSubject: 'Pozvánka do {base} v Rowbase',
  inviteBaseBody:
    '{inviter} vás pozval(a) do báze „{base}“ v Rowbase.\nOtevřete tento odkaz, zvolte heslo a otevřete bázi: {link}',
  baseAccessBody: '{inviter} vás přidal(a) do báze „{base}“ v Rowbase.\nOtevřete ji zde: {link}',
  verifySubject: 'Ověřte svou e-mailovou adresu',
  verifyBody: 'Otevřete tento odkaz a ověřte {email} v Rowbase: {link}',
  testSubject: 'Testovací e-mail z Rowbase',
  testBody: 'Toto je testovací zpráva z Rowbase: nastavení e-mailu funguje.',
  formSubject: 'Nová odpověď ve formuláři {form}',
  formBody: 'Někdo vyplnil formulář „{form}“ v Rowbase.\n{answers}\nZobrazit odpovědi: {link}',
  hookAdded: '{table}: přidané záznamy: {count}',
  hookUpdated: '{table}: upravené záznamy: {count}',
  hookDeleted: '{table}: smazané záznamy: {count}',
  hookSent: '{table}: ručně odeslané záznamy: {count}',
  hookMore: '… a další: {count}',
};
