/**
 * "E-mail me on submit" for forms: switching the form's `email` setting on records who did it and the language
 * their app was in; each submission of the shared form then mails them the answers, in that language, with a
 * link to the form in the app. Without a recipient (nobody switched it on through the app) the view's owner
 * gets it. See docs/plugins.md "The e-mails".
 */
import type { Knex } from 'knex';
import { currentUserId } from '../../audit/request-context.js';
import type { AppContext } from '../../context.js';
import type { Row } from '../../data/row-query.js';
import { formSubmissionMail, requestLocale } from '../../mail/messages.js';
import type { StoredView } from '../../meta/repos/views.js';
import type { SharedField } from './shared-view-access.js';

/** Called when `email` is switched on: the acting user and their app's language become the recipient's. */
export async function rememberNoticeRecipient(trx: Knex, viewId: string): Promise<void> {
  await trx('rb_view_settings')
    .where({ fk_view_id: viewId })
    .update({ email_user_id: currentUserId(), email_locale: requestLocale() });
}

/** Mails the notice of one submission when the form asks for it; a failing transport is only logged. */
export async function sendFormNotice(
  ctx: AppContext,
  view: StoredView,
  fields: SharedField[],
  row: Row,
  site: string,
): Promise<void> {
  try {
    const settings = await ctx.db('rb_view_settings').where({ fk_view_id: view.id }).first();
    if (!settings || !settings.email || settings.email === '0') return;
    const recipientId = (settings.email_user_id as string | null) ?? view.owned_by;
    const user = recipientId ? await ctx.users.byId(recipientId) : undefined;
    if (!user) return;
    const answers = fields.map((f) => ({
      label: f.viewColumn.label || f.column.title,
      value: shown(row[f.column.title]),
    }));
    const link = `${site}/#/nc/${view.base_id}/${view.fk_model_id}/${view.id}`;
    const locale = (settings.email_locale as string | null) ?? 'en';
    await ctx.mailer.send(formSubmissionMail(user.email, view.title, answers, link, locale));
  } catch (err) {
    ctx.log.error({ err, view: view.id }, 'sending the form-submission notice failed');
  }
}

/** A value as one line of text: lists joined, attachments by their titles, nothing as an empty string. */
function shown(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(shown).join(', ');
  if (typeof value === 'object') {
    const o = value as Record<string, unknown>;
    return String(o.title ?? o.Title ?? JSON.stringify(value));
  }
  return String(value);
}
