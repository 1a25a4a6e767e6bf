import type { MailStrings } from '../mail-strings.js';

export const it: MailStrings = {
  resetSubject: 'Reimpostazione della password',
  resetBody:
    "Qualcuno ha chiesto di reimpostare la password di {email} su Rowbase.\nApri questo link entro un'ora per sceglierne una nuova: {link}\nSe non sei stato tu, ignora questo messaggio.",
  inviteSubject: 'Sei invitato su Rowbase',
  inviteBody:
    '{inviter} ti ha invitato su Rowbase.\nApri questo link per scegliere una password e accedere: {link}',
  inviteBaseSubject: 'Sei invitato a {base} su Rowbase',
  inviteBaseBody:
    '{inviter} ti ha invitato alla base "{base}" su Rowbase.\nApri questo link per scegliere una password e aprire la base: {link}',
  baseAccessBody: '{inviter} ti ha aggiunto alla base "{base}" su Rowbase.\nAprila qui: {link}',
  verifySubject: 'Verifica il tuo indirizzo e-mail',
  verifyBody: 'Apri questo link per verificare {email} su Rowbase: {link}',
  testSubject: 'E-mail di prova di Rowbase',
  testBody: 'Questo è un messaggio di prova di Rowbase: le impostazioni e-mail funzionano.',
  formSubject: 'Nuova risposta a {form}',
  formBody: 'Qualcuno ha compilato il modulo "{form}" su Rowbase.\n{answers}\nVedi le risposte: {link}',
  hookAdded: '{table}: record aggiunti: {count}',
  hookUpdated: '{table}: record aggiornati: {count}',
  hookDeleted: '{table}: record eliminati: {count}',
  hookSent: '{table}: record inviati manualmente: {count}',
  hookMore: '… e altri {count}',
};
