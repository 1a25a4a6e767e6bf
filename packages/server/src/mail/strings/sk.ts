import type { MailStrings } from '../mail-strings.js';

export const sk: MailStrings = {
  resetSubject: 'Obnovenie hesla',
  resetBody:
    'Niekto požiadal o obnovenie hesla k {email} v Rowbase.\nOtvorte tento odkaz do hodiny a zvoľte nové: {link}\nAk ste to neboli vy, túto správu ignorujte.',
  inviteSubject: 'Pozvánka do Rowbase',
  inviteBody: '{inviter} vás pozval(a) do Rowbase.\nOtvorte tento odkaz, zvoľte heslo a prihláste sa: {link}',
  inviteBaseSubject: 'Pozvánka do {base} v Rowbase',
  inviteBaseBody:
    '{inviter} vás pozval(a) do bázy „{base}“ v Rowbase.\nOtvorte tento odkaz, zvoľte heslo a otvorte bázu: {link}',
  baseAccessBody: '{inviter} vás pridal(a) do bázy „{base}“ v Rowbase.\nOtvorte ju tu: {link}',
  verifySubject: 'Overte svoju e-mailovú adresu',
  verifyBody: 'Otvorte tento odkaz a overte {email} v Rowbase: {link}',
  testSubject: 'Testovací e-mail z Rowbase',
  testBody: 'Toto je testovacia správa z Rowbase: nastavenia e-mailu fungujú.',
  formSubject: 'Nová odpoveď vo formulári {form}',
  formBody: 'Niekto vyplnil formulár „{form}“ v Rowbase.\n{answers}\nZobraziť odpovede: {link}',
  hookAdded: '{table}: pridané záznamy: {count}',
  hookUpdated: '{table}: upravené záznamy: {count}',
  hookDeleted: '{table}: odstránené záznamy: {count}',
  hookSent: '{table}: ručne odoslané záznamy: {count}',
  hookMore: '… a ďalšie: {count}',
};
