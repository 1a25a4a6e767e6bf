import type { MailStrings } from '../mail-strings.js';

export const da: MailStrings = {
  resetSubject: 'Nulstilling af adgangskode',
  resetBody:
    'Nogen har bedt om at nulstille adgangskoden til {email} på Rowbase.\nÅbn dette link inden for en time for at vælge en ny: {link}\nHvis det ikke var dig, så ignorer denne besked.',
  inviteSubject: 'Du er inviteret til Rowbase',
  inviteBody:
    '{inviter} har inviteret dig til Rowbase.\nÅbn dette link for at vælge en adgangskode og logge ind: {link}',
  inviteBaseSubject: 'Du er inviteret til {base} på Rowbase',
  inviteBaseBody:
    '{inviter} har inviteret dig til basen "{base}" på Rowbase.\nÅbn dette link for at vælge en adgangskode og åbne basen: {link}',
  baseAccessBody: '{inviter} har tilføjet dig til basen "{base}" på Rowbase.\nÅbn den her: {link}',
  verifySubject: 'Bekræft din e-mailadresse',
  verifyBody: 'Åbn dette link for at bekræfte {email} på Rowbase: {link}',
  testSubject: 'Test-e-mail fra Rowbase',
  testBody: 'Dette er en testbesked fra Rowbase: e-mailindstillingerne virker.',
  formSubject: 'Nyt svar på {form}',
  formBody: 'Nogen har udfyldt formularen "{form}" på Rowbase.\n{answers}\nSe svarene: {link}',
  hookAdded: '{table}: tilføjede poster: {count}',
  hookUpdated: '{table}: opdaterede poster: {count}',
  hookDeleted: '{table}: slettede poster: {count}',
  hookSent: '{table}: manuelt sendte poster: {count}',
  hookMore: '… og {count} til',
};
