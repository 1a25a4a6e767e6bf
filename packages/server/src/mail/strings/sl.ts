import type { MailStrings } from '../mail-strings.js';

export const sl: MailStrings = {
  resetSubject: 'Ponastavitev gesla',
  resetBody:
    'Nekdo je zahteval ponastavitev gesla za {email} v Rowbase.\nV eni uri odprite to povezavo in izberite novo: {link}\nČe to niste bili vi, prezrite to sporočilo.',
  inviteSubject: 'Povabljeni ste v Rowbase',
  inviteBody:
    '{inviter} vas je povabil(a) v Rowbase.\nOdprite to povezavo, izberite geslo in se prijavite: {link}',
  inviteBaseSubject: 'Povabljeni ste v {base} v Rowbase',
  inviteBaseBody:
    '{inviter} vas je povabil(a) v bazo »{base}« v Rowbase.\nOdprite to povezavo, izberite geslo in odprite bazo: {link}',
  baseAccessBody: '{inviter} vas je dodal(a) v bazo »{base}« v Rowbase.\nOdprite jo tukaj: {link}',
  verifySubject: 'Potrdite svoj e-poštni naslov',
  verifyBody: 'Odprite to povezavo, da potrdite {email} v Rowbase: {link}',
  testSubject: 'Preizkusno e-sporočilo Rowbase',
  testBody: 'To je preizkusno sporočilo Rowbase: nastavitve e-pošte delujejo.',
  formSubject: 'Nov odgovor na {form}',
  formBody: 'Nekdo je izpolnil obrazec »{form}« v Rowbase.\n{answers}\nOglejte si odgovore: {link}',
  hookAdded: '{table}: dodani zapisi: {count}',
  hookUpdated: '{table}: posodobljeni zapisi: {count}',
  hookDeleted: '{table}: izbrisani zapisi: {count}',
  hookSent: '{table}: ročno poslani zapisi: {count}',
  hookMore: '… in še: {count}',
};
