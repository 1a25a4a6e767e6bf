import type { MailStrings } from '../mail-strings.js';

export const de: MailStrings = {
  resetSubject: 'Passwort zurücksetzen',
  resetBody:
    'Jemand hat angefordert, das Passwort von {email} bei Rowbase zurückzusetzen.\nÖffnen Sie diesen Link innerhalb einer Stunde, um ein neues zu wählen: {link}\nWenn Sie das nicht waren, ignorieren Sie diese Nachricht.',
  inviteSubject: 'Sie sind zu Rowbase eingeladen',
  inviteBody:
    '{inviter} hat Sie zu Rowbase eingeladen.\nÖffnen Sie diesen Link, um ein Passwort zu wählen und sich anzumelden: {link}',
  inviteBaseSubject: 'Sie sind zu {base} bei Rowbase eingeladen',
  inviteBaseBody:
    '{inviter} hat Sie zur Datenbank „{base}“ bei Rowbase eingeladen.\nÖffnen Sie diesen Link, um ein Passwort zu wählen und die Datenbank zu öffnen: {link}',
  baseAccessBody: '{inviter} hat Sie zur Datenbank „{base}“ bei Rowbase hinzugefügt.\nHier öffnen: {link}',
  verifySubject: 'Bestätigen Sie Ihre E-Mail-Adresse',
  verifyBody: 'Öffnen Sie diesen Link, um {email} bei Rowbase zu bestätigen: {link}',
  testSubject: 'Rowbase-Test-E-Mail',
  testBody: 'Dies ist eine Testnachricht von Rowbase: Die E-Mail-Einstellungen funktionieren.',
  formSubject: 'Neue Antwort auf {form}',
  formBody: 'Jemand hat das Formular „{form}“ bei Rowbase ausgefüllt.\n{answers}\nAntworten ansehen: {link}',
  hookAdded: '{table}: hinzugefügte Datensätze: {count}',
  hookUpdated: '{table}: geänderte Datensätze: {count}',
  hookDeleted: '{table}: gelöschte Datensätze: {count}',
  hookSent: '{table}: manuell gesendete Datensätze: {count}',
  hookMore: '… und {count} weitere',
};
