/**
 * The messaging kinds: Telegram (a bot's `sendMessage`), and Twilio's messages API for SMS (`Twilio`) and
 * WhatsApp (`Whatsapp`). Each recipient is one request; the text is the hook's message, cut to what the service
 * takes. The services' addresses are settings (RB_TELEGRAM_API_URL, RB_TWILIO_API_URL) so a test or a proxy can
 * stand in. See docs/webhooks.md "Notification kinds".
 */
import type { TelegramNotification, TwilioNotification } from './hook-schemas.js';

export interface MessagingRequest {
  method: 'POST';
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** Telegram takes 4096 characters per message; Twilio 1600 per SMS or WhatsApp message. */
const TELEGRAM_MAX = 4096;
const TWILIO_MAX = 1600;

/** The text cut to `max` characters, ending in an ellipsis when cut. */
function fit(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
}

const listOf = (v: string) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

export function telegramRequests(n: TelegramNotification, text: string, apiUrl: string): MessagingRequest[] {
  const url = `${apiUrl}/bot${n.payload.bot_token}/sendMessage`;
  return listOf(n.payload.chat_ids).map((chat) => ({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      chat_id: /^-?\d+$/.test(chat) ? Number(chat) : chat,
      text: fit(text, TELEGRAM_MAX),
      disable_web_page_preview: true,
    }),
  }));
}

export function twilioRequests(n: TwilioNotification, text: string, apiUrl: string): MessagingRequest[] {
  const p = n.payload;
  const channel = n.type === 'Whatsapp' ? 'whatsapp:' : '';
  const auth = Buffer.from(`${p.account_sid}:${p.auth_token}`).toString('base64');
  return listOf(p.to).map((to) => ({
    method: 'POST',
    url: `${apiUrl}/2010-04-01/Accounts/${p.account_sid}/Messages.json`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${auth}` },
    body: new URLSearchParams({
      To: channel + to,
      From: channel + p.from,
      Body: fit(text, TWILIO_MAX),
    }).toString(),
  }));
}
