import type { MailStrings } from '../mail-strings.js';

export const hr: MailStrings = {
  resetSubject: 'Ponovno postavljanje lozinke',
  resetBody:
    'Netko je zatražio ponovno postavljanje lozinke za {email} na Rowbaseu.\nOtvorite ovu poveznicu u roku od sat vremena i odaberite novu: {link}\nAko to niste bili vi, zanemarite ovu poruku.',
  inviteSubject: 'Pozvani ste u Rowbase',
  inviteBody:
    '{inviter} vas je pozvao/la u Rowbase.\nOtvorite ovu poveznicu, odaberite lozinku i prijavite se: {link}',
  inviteBaseSubject: 'Pozvani ste u {base} na Rowbaseu',
  inviteBaseBody:
    '{inviter} vas je pozvao/la u bazu „{base}” na Rowbaseu.\nOtvorite ovu poveznicu, odaberite lozinku i otvorite bazu: {link}',
  baseAccessBody: '{inviter} vas je dodao/la u bazu „{base}” na Rowbaseu.\nOtvorite je ovdje: {link}',
  verifySubject: 'Potvrdite svoju adresu e-pošte',
  verifyBody: 'Otvorite ovu poveznicu da biste potvrdili {email} na Rowbaseu: {link}',
  testSubject: 'Probna e-poruka Rowbasea',
  testBody: 'Ovo je probna poruka Rowbasea: postavke e-pošte rade.',
  formSubject: 'Novi odgovor na {form}',
  formBody: 'Netko je ispunio obrazac „{form}” na Rowbaseu.\n{answers}\nPogledajte odgovore: {link}',
  hookAdded: '{table}: dodani zapisi: {count}',
  hookUpdated: '{table}: ažurirani zapisi: {count}',
  hookDeleted: '{table}: obrisani zapisi: {count}',
  hookSent: '{table}: ručno poslani zapisi: {count}',
  hookMore: '… i još: {count}',
};
