import type { MailStrings } from '../mail-strings.js';

export const sv: MailStrings = {
  resetSubject: 'Återställ lösenord',
  resetBody:
    'Någon har bett om att återställa lösenordet för {email} på Rowbase.\nÖppna den här länken inom en timme för att välja ett nytt: {link}\nOm det inte var du kan du bortse från meddelandet.',
  inviteSubject: 'Du är inbjuden till Rowbase',
  inviteBody:
    '{inviter} har bjudit in dig till Rowbase.\nÖppna den här länken för att välja ett lösenord och logga in: {link}',
  inviteBaseSubject: 'Du är inbjuden till {base} på Rowbase',
  inviteBaseBody:
    '{inviter} har bjudit in dig till basen "{base}" på Rowbase.\nÖppna den här länken för att välja ett lösenord och öppna basen: {link}',
  baseAccessBody: '{inviter} har lagt till dig i basen "{base}" på Rowbase.\nÖppna den här: {link}',
  verifySubject: 'Bekräfta din e-postadress',
  verifyBody: 'Öppna den här länken för att bekräfta {email} på Rowbase: {link}',
  testSubject: 'Testmejl från Rowbase',
  testBody: 'Det här är ett testmeddelande från Rowbase: e-postinställningarna fungerar.',
  formSubject: 'Nytt svar på {form}',
  formBody: 'Någon har fyllt i formuläret "{form}" på Rowbase.\n{answers}\nSe svaren: {link}',
  hookAdded: '{table}: poster tillagda: {count}',
  hookUpdated: '{table}: poster uppdaterade: {count}',
  hookDeleted: '{table}: poster borttagna: {count}',
  hookSent: '{table}: poster skickade manuellt: {count}',
  hookMore: '… och {count} till',
};
