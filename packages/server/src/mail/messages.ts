/** The text of the e-mails Rowbase sends, with links into the web app (hash routing, docs/behaviour/web-app.md). */
import type { MailMessage } from './mailer.js';

/** The web app's address: PUBLIC_URL when set, else the address the request came to. */
export function siteUrlOf(publicUrl: string | undefined, req: { protocol: string; host: string }): string {
  return (publicUrl ?? `${req.protocol}://${req.host}`).replace(/\/+$/, '');
}

export function passwordResetMail(site: string, to: string, token: string): MailMessage {
  const link = resetPasswordUrl(site, token);
  return {
    kind: 'password-reset',
    to,
    subject: 'Password reset',
    text: `Someone asked to reset the password of ${to} on Rowbase.\nOpen this link within an hour to choose a new one: ${link}\nIf it was not you, ignore this message.`,
    link,
  };
}

/**
 * The sign-up link of an invitation; `continuePath` (an app path such as `/nc/{baseId}`) is where the
 * invitee lands once signed up.
 * @example inviteUrl('https://rb.example', 'tok', '/nc/p1') // 'https://rb.example/#/signup/tok?continueAfterSignIn=%2Fnc%2Fp1'
 */
export function inviteUrl(site: string, token: string, continuePath?: string): string {
  const query = continuePath ? `?continueAfterSignIn=${encodeURIComponent(continuePath)}` : '';
  return `${site}/#/signup/${encodeURIComponent(token)}${query}`;
}

/** Where an invitation leads: a base (its title is named in the message) or the whole organisation. */
export interface InviteTarget {
  /** The app path the invitee lands on after signing up, e.g. `/nc/{baseId}`. */
  path: string;
  baseTitle: string;
}

export function inviteMail(
  site: string,
  to: string,
  token: string,
  invitedBy: string,
  target?: InviteTarget,
): MailMessage {
  const link = inviteUrl(site, token, target?.path);
  return {
    kind: 'invite',
    to,
    subject: target ? `You are invited to ${target.baseTitle} on Rowbase` : 'You are invited to Rowbase',
    text: target
      ? `${invitedBy} invited you to the base "${target.baseTitle}" on Rowbase.\nOpen this link to choose a password and open the base: ${link}`
      : `${invitedBy} invited you to Rowbase.\nOpen this link to choose a password and sign in: ${link}`,
    link,
  };
}

/** For someone who already has an account: they were added to a base, which the link opens. */
export function baseAccessMail(
  site: string,
  to: string,
  invitedBy: string,
  target: InviteTarget,
): MailMessage {
  const link = `${site}/#${target.path}`;
  return {
    kind: 'invite',
    to,
    subject: `You are invited to ${target.baseTitle} on Rowbase`,
    text: `${invitedBy} added you to the base "${target.baseTitle}" on Rowbase.\nOpen it here: ${link}`,
    link,
  };
}

export function emailVerificationMail(site: string, to: string, token: string): MailMessage {
  const link = `${site}/#/email/verify/${encodeURIComponent(token)}`;
  return {
    kind: 'email-verification',
    to,
    subject: 'Verify your e-mail address',
    text: `Open this link to verify ${to} on Rowbase: ${link}`,
    link,
  };
}

/** Where the web app's reset page (`/reset/{id}`) takes a token. */
export function resetPasswordUrl(site: string, token: string): string {
  return `${site}/#/reset/${encodeURIComponent(token)}`;
}

/** What the SMTP plugin's test button sends. */
export function testMail(to: string): MailMessage {
  return {
    kind: 'test',
    to,
    subject: 'Rowbase test e-mail',
    text: 'This is a test message from Rowbase: the e-mail settings work.',
    link: '',
  };
}
