import type { MailStrings } from '../mail-strings.js';

export const noStrings: MailStrings = {
  resetSubject: 'Tilbakestill passord',
  resetBody:
    'Noen har bedt om å tilbakestille passordet til {email} på Rowbase.\nÅpne denne lenken innen en time for å velge et nytt: {link}\nHvis det ikke var deg, kan du se bort fra denne meldingen.',
  inviteSubject: 'Du er invitert til Rowbase',
  inviteBody:
    '{inviter} har invitert deg til Rowbase.\nÅpne denne lenken for å velge et passord og logge inn: {link}',
  inviteBaseSubject: 'Du er invitert til {base} på Rowbase',
  inviteBaseBody:
    '{inviter} har invitert deg til basen «{base}» på Rowbase.\nÅpne denne lenken for å velge et passord og åpne basen: {link}',
  baseAccessBody: '{inviter} har lagt deg til i basen «{base}» på Rowbase.\nÅpne den her: {link}',
  verifySubject: 'Bekreft e-postadressen din',
  verifyBody: 'Åpne denne lenken for å bekrefte {email} på Rowbase: {link}',
  testSubject: 'Test-e-post fra Rowbase',
  testBody: 'Dette er en testmelding fra Rowbase: e-postinnstillingene virker.',
  formSubject: 'Nytt svar på {form}',
  formBody: 'Noen har fylt ut skjemaet «{form}» på Rowbase.\n{answers}\nSe svarene: {link}',
  hookAdded: '{table}: poster lagt til: {count}',
  hookUpdated: '{table}: poster oppdatert: {count}',
  hookDeleted: '{table}: poster slettet: {count}',
  hookSent: '{table}: poster sendt manuelt: {count}',
  hookMore: '… og {count} til',
};
