import type { MailStrings } from '../mail-strings.js';

export const lv: MailStrings = {
  resetSubject: 'Paroles atiestatīšana',
  resetBody:
    'Kāds lūdza atiestatīt {email} paroli Rowbase.\nAtveriet šo saiti stundas laikā, lai izvēlētos jaunu: {link}\nJa tas nebijāt jūs, ignorējiet šo ziņu.',
  inviteSubject: 'Jūs esat uzaicināts uz Rowbase',
  inviteBody:
    '{inviter} jūs uzaicināja uz Rowbase.\nAtveriet šo saiti, lai izvēlētos paroli un pieteiktos: {link}',
  inviteBaseSubject: 'Jūs esat uzaicināts uz {base} Rowbase',
  inviteBaseBody:
    '{inviter} jūs uzaicināja uz bāzi “{base}” Rowbase.\nAtveriet šo saiti, lai izvēlētos paroli un atvērtu bāzi: {link}',
  baseAccessBody: '{inviter} jūs pievienoja bāzei “{base}” Rowbase.\nAtveriet to šeit: {link}',
  verifySubject: 'Apstipriniet savu e-pasta adresi',
  verifyBody: 'Atveriet šo saiti, lai apstiprinātu {email} Rowbase: {link}',
  testSubject: 'Rowbase testa e-pasts',
  testBody: 'Šī ir Rowbase testa ziņa: e-pasta iestatījumi darbojas.',
  formSubject: 'Jauna atbilde veidlapā {form}',
  formBody: 'Kāds aizpildīja veidlapu “{form}” Rowbase.\n{answers}\nSkatīt atbildes: {link}',
  hookAdded: '{table}: pievienotie ieraksti: {count}',
  hookUpdated: '{table}: atjauninātie ieraksti: {count}',
  hookDeleted: '{table}: dzēstie ieraksti: {count}',
  hookSent: '{table}: manuāli nosūtītie ieraksti: {count}',
  hookMore: '… un vēl: {count}',
};
