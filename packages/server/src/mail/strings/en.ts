import type { MailStrings } from '../mail-strings.js';

export const en: MailStrings = {
  resetSubject: 'Password reset',
  resetBody:
    'Someone asked to reset the password of {email} on Rowbase.\nOpen this link within an hour to choose a new one: {link}\nIf it was not you, ignore this message.',
  inviteSubject: 'You are invited to Rowbase',
  inviteBody: '{inviter} invited you to Rowbase.\nOpen this link to choose a password and sign in: {link}',
  inviteBaseSubject: 'You are invited to {base} on Rowbase',
  inviteBaseBody:
    '{inviter} invited you to the base "{base}" on Rowbase.\nOpen this link to choose a password and open the base: {link}',
  baseAccessBody: '{inviter} added you to the base "{base}" on Rowbase.\nOpen it here: {link}',
  verifySubject: 'Verify your e-mail address',
  verifyBody: 'Open this link to verify {email} on Rowbase: {link}',
  testSubject: 'Rowbase test e-mail',
  testBody: 'This is a test message from Rowbase: the e-mail settings work.',
  formSubject: 'New response to {form}',
  formBody: 'Someone filled in the form "{form}" on Rowbase.\n{answers}\nSee the responses: {link}',
  hookAdded: '{table}: records added: {count}',
  hookUpdated: '{table}: records updated: {count}',
  hookDeleted: '{table}: records deleted: {count}',
  hookSent: '{table}: records sent manually: {count}',
  hookMore: '… and {count} more',
};
