/** The text of the e-mails Rowbase sends, with links into the web app (hash routing, docs/behaviour/web-app.md). */
import { currentLanguageHeader } from '../audit/request-context.js';
import type { MailMessage } from './mailer.js';
import { mailLocaleOf, mailText } from './mail-text.js';

/** The language of the request being served (docs/plugins.md "The e-mails"), English outside a request. */
export const requestLocale = (): string => mailLocaleOf(currentLanguageHeader());

/** The web app's address: PUBLIC_URL when set, else the address the request came to. */
export function siteUrlOf(publicUrl: string | undefined, req: { protocol: string; host: string }): string {
  return (publicUrl ?? `${req.protocol}://${req.host}`).replace(/\/+$/, '');
}

export function passwordResetMail(
  site: string,
  to: string,
  token: string,
  locale = requestLocale(),
): MailMessage {
  const link = resetPasswordUrl(site, token);
  return {
    kind: 'password-reset',
    to,
    subject: mailText(locale, 'resetSubject'),
    text: mailText(locale, 'resetBody', { email: to, link }),
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
  locale = requestLocale(),
): MailMessage {
  const link = inviteUrl(site, token, target?.path);
  const vars = { inviter: invitedBy, base: target?.baseTitle ?? '', link };
  return {
    kind: 'invite',
    to,
    subject: mailText(locale, target ? 'inviteBaseSubject' : 'inviteSubject', vars),
    text: mailText(locale, target ? 'inviteBaseBody' : 'inviteBody', vars),
    link,
  };
}

/** For someone who already has an account: they were added to a base, which the link opens. */
export function baseAccessMail(
  site: string,
  to: string,
  invitedBy: string,
  target: InviteTarget,
  locale = requestLocale(),
): MailMessage {
  const link = `${site}/#${target.path}`;
  const vars = { inviter: invitedBy, base: target.baseTitle, link };
  return {
    kind: 'invite',
    to,
    subject: mailText(locale, 'inviteBaseSubject', vars),
    text: mailText(locale, 'baseAccessBody', vars),
    link,
  };
}

export function emailVerificationMail(
  site: string,
  to: string,
  token: string,
  locale = requestLocale(),
): MailMessage {
  const link = `${site}/#/email/verify/${encodeURIComponent(token)}`;
  return {
    kind: 'email-verification',
    to,
    subject: mailText(locale, 'verifySubject'),
    text: mailText(locale, 'verifyBody', { email: to, link }),
    link,
  };
}

/** Where the web app's reset page (`/reset/{id}`) takes a token. */
export function resetPasswordUrl(site: string, token: string): string {
  return `${site}/#/reset/${encodeURIComponent(token)}`;
}

/** A form was submitted: its answers, one `Field: value` line each, and a link to the form's table. */
export function formSubmissionMail(
  to: string,
  form: string,
  answers: { label: string; value: string }[],
  link: string,
  locale: string,
): MailMessage {
  return {
    kind: 'form-submission',
    to,
    subject: mailText(locale, 'formSubject', { form }),
    text: mailText(locale, 'formBody', {
      form,
      answers: answers.map((a) => `${a.label}: ${a.value}`).join('\n'),
      link,
    }),
    link,
  };
}

/** What the SMTP plugin's test button sends. */
export function testMail(to: string, locale = requestLocale()): MailMessage {
  return {
    kind: 'test',
    to,
    subject: mailText(locale, 'testSubject'),
    text: mailText(locale, 'testBody'),
    link: '',
  };
}
