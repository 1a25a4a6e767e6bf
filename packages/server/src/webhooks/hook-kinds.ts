/**
 * How each notification kind sends one delivery: URL (the request as configured, the payload as JSON or the
 * body template), Email (through the mailer: the mail plugin when configured), the chat kinds (a message
 * posted to each channel's incoming-webhook address) and the messaging kinds (Telegram, WhatsApp and SMS through
 * the services' APIs). Every network request goes through the address guard.
 * See docs/webhooks.md "Notification kinds".
 */
import type { AppContext } from '../context.js';
import { requestLocale } from '../mail/messages.js';
import { messageText, readableMessage, renderTemplate } from './hook-message.js';
import type { HookPayload } from './hook-payload.js';
import { telegramRequests, twilioRequests, type MessagingRequest } from './hook-messaging.js';
import type { ChatKind, HookNotification } from './hook-schemas.js';
import { sendHookRequest } from './hook-sender.js';
import { HooksRepo } from './hooks-repo.js';
import { httpAttempt, urlRequest, type AttemptResult } from './url-delivery.js';

export type { AttemptResult };

type Target = { id?: string; notification: HookNotification; timeout: number };

/** The JSON each chat service's incoming webhook reads. */
const CHAT_BODY: Record<ChatKind, (text: string) => unknown> = {
  Slack: (text) => ({ text }),
  Discord: (text) => ({ content: text }),
  'Microsoft Teams': (text) => ({ text }),
  Mattermost: (text) => ({ text }),
};

/** The language of a hook's summaries: its saver's (docs/webhooks.md "Messages"); a hook under test, the tester's. */
async function messageLocale(ctx: AppContext, hook: Target): Promise<string> {
  const saved = hook.id ? await new HooksRepo(ctx.db).mailLocale(hook.id) : undefined;
  return saved ?? requestLocale();
}

/** Sends one delivery by the hook's kind; never throws (a failure is the result). */
export async function sendByKind(
  ctx: AppContext,
  hook: Target,
  payload: HookPayload,
): Promise<AttemptResult> {
  const n = hook.notification;
  const allowLocal = ctx.config.allowLocalHooks;
  if (n.type === 'URL') {
    return httpAttempt(() => sendHookRequest(urlRequest(n, hook.timeout, payload, allowLocal)));
  }
  if (n.type === 'Email') {
    const locale = await messageLocale(ctx, hook);
    const { subject } = readableMessage(payload, locale);
    const text = messageText(n.payload.body, payload, locale);
    const to = n.payload.to.split(/[,;]/).map((a) => a.trim().toLowerCase());
    try {
      for (const address of to) {
        await ctx.mailer.send({
          kind: 'webhook',
          to: address,
          subject: renderTemplate(n.payload.subject, payload) || subject,
          text,
          link: '',
        });
      }
      return { ok: true, errorCode: null, errorMessage: null };
    } catch (e) {
      return { ok: false, errorCode: 'MAIL', errorMessage: (e as Error).message };
    }
  }
  const locale = await messageLocale(ctx, hook);
  const text = messageText(n.payload.body, payload, locale);
  const apis = ctx.config.messagingApis;
  const requests: MessagingRequest[] =
    n.type === 'Telegram'
      ? telegramRequests(n, text, apis.telegram)
      : n.type === 'Twilio' || n.type === 'Whatsapp'
        ? twilioRequests(n, text, apis.twilio)
        : n.payload.channels.map((channel) => ({
            method: 'POST',
            url: channel.webhook_url,
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(CHAT_BODY[n.type](text)),
          }));
  // One request per channel or recipient; the first failure is the attempt's result.
  let last: AttemptResult = { ok: true, errorCode: null, errorMessage: null };
  for (const r of requests) {
    last = await httpAttempt(() => sendHookRequest({ ...r, timeoutMs: hook.timeout, allowLocal }));
    if (!last.ok) return last;
  }
  return last;
}
