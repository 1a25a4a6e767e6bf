import type { MailStrings } from '../mail-strings.js';

export const nl: MailStrings = {
  resetSubject: 'Wachtwoord opnieuw instellen',
  resetBody:
    'Iemand heeft gevraagd het wachtwoord van {email} op Rowbase opnieuw in te stellen.\nOpen deze link binnen een uur om een nieuw wachtwoord te kiezen: {link}\nWas u dit niet, negeer dan dit bericht.',
  inviteSubject: 'U bent uitgenodigd voor Rowbase',
  inviteBody:
    '{inviter} heeft u uitgenodigd voor Rowbase.\nOpen deze link om een wachtwoord te kiezen en in te loggen: {link}',
  inviteBaseSubject: 'U bent uitgenodigd voor {base} op Rowbase',
  inviteBaseBody:
    '{inviter} heeft u uitgenodigd voor de base "{base}" op Rowbase.\nOpen deze link om een wachtwoord te kiezen en de base te openen: {link}',
  baseAccessBody: '{inviter} heeft u toegevoegd aan de base "{base}" op Rowbase.\nOpen hem hier: {link}',
  verifySubject: 'Bevestig uw e-mailadres',
  verifyBody: 'Open deze link om {email} op Rowbase te bevestigen: {link}',
  testSubject: 'Test-e-mail van Rowbase',
  testBody: 'Dit is een testbericht van Rowbase: de e-mailinstellingen werken.',
  formSubject: 'Nieuw antwoord op {form}',
  formBody:
    'Iemand heeft het formulier "{form}" op Rowbase ingevuld.\n{answers}\nBekijk de antwoorden: {link}',
  hookAdded: '{table}: records toegevoegd: {count}',
  hookUpdated: '{table}: records bijgewerkt: {count}',
  hookDeleted: '{table}: records verwijderd: {count}',
  hookSent: '{table}: records handmatig verzonden: {count}',
  hookMore: '… en nog {count}',
};
