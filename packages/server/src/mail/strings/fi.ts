import type { MailStrings } from '../mail-strings.js';

export const fi: MailStrings = {
  resetSubject: 'Salasanan palautus',
  resetBody:
    'Joku pyysi palauttamaan käyttäjän {email} salasanan Rowbasessa.\nAvaa tämä linkki tunnin kuluessa valitaksesi uuden: {link}\nJos se et ollut sinä, jätä tämä viesti huomiotta.',
  inviteSubject: 'Sinut on kutsuttu Rowbaseen',
  inviteBody:
    '{inviter} kutsui sinut Rowbaseen.\nAvaa tämä linkki valitaksesi salasanan ja kirjautuaksesi: {link}',
  inviteBaseSubject: 'Sinut on kutsuttu kantaan {base} Rowbasessa',
  inviteBaseBody:
    '{inviter} kutsui sinut kantaan "{base}" Rowbasessa.\nAvaa tämä linkki valitaksesi salasanan ja avataksesi kannan: {link}',
  baseAccessBody: '{inviter} lisäsi sinut kantaan "{base}" Rowbasessa.\nAvaa se tästä: {link}',
  verifySubject: 'Vahvista sähköpostiosoitteesi',
  verifyBody: 'Avaa tämä linkki vahvistaaksesi osoitteen {email} Rowbasessa: {link}',
  testSubject: 'Rowbasen testisähköposti',
  testBody: 'Tämä on Rowbasen testiviesti: sähköpostiasetukset toimivat.',
  formSubject: 'Uusi vastaus lomakkeeseen {form}',
  formBody: 'Joku täytti lomakkeen "{form}" Rowbasessa.\n{answers}\nKatso vastaukset: {link}',
  hookAdded: '{table}: lisätyt tietueet: {count}',
  hookUpdated: '{table}: päivitetyt tietueet: {count}',
  hookDeleted: '{table}: poistetut tietueet: {count}',
  hookSent: '{table}: käsin lähetetyt tietueet: {count}',
  hookMore: '… ja {count} muuta',
};
