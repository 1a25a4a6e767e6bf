/**
 * What the hooks API accepts. Older NocoDB clients send `operation` as one string, current ones as a list;
 * both are stored as a list. The notification is NocoDB's `{ type, payload }` object (or its JSON text).
 */
import { z } from 'zod';

export const HOOK_OPERATIONS = [
  'insert',
  'update',
  'delete',
  'bulkInsert',
  'bulkUpdate',
  'bulkDelete',
  'trigger',
] as const;
export type HookOperation = (typeof HOOK_OPERATIONS)[number];

const keyValue = z.object({
  name: z.string().default(''),
  value: z.string().default(''),
  enabled: z.boolean().optional(),
});

export const urlNotification = z.object({
  type: z.literal('URL'),
  payload: z.object({
    method: z
      .string()
      .transform((m) => m.toUpperCase())
      .pipe(z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']))
      .default('POST'),
    path: z
      .string()
      .url('must be an http(s) URL')
      .refine((u) => /^https?:\/\//i.test(u), 'must be an http(s) URL'),
    body: z.string().optional(),
    headers: z.array(keyValue).default([]),
    parameters: z.array(keyValue).default([]),
  }),
});
export type UrlNotification = z.infer<typeof urlNotification>;

/** NocoDB's Email kind: sent through the mail plugin (or the outbox) to one or more addresses. */
export const emailNotification = z.object({
  type: z.literal('Email'),
  payload: z.object({
    to: z
      .string()
      .trim()
      .min(1, 'is required')
      .refine(
        (to) => to.split(/[,;]/).every((a) => z.email().safeParse(a.trim()).success),
        'must be e-mail addresses separated by commas',
      ),
    subject: z.string().trim().min(1, 'is required').max(500),
    body: z.string().optional(),
  }),
});

/** Chat kinds that post a message to incoming-webhook addresses; the key is NocoDB's `type`. */
export const CHAT_KINDS = ['Slack', 'Discord', 'Microsoft Teams', 'Mattermost'] as const;
export type ChatKind = (typeof CHAT_KINDS)[number];

const httpUrl = z
  .string()
  .url('must be an http(s) URL')
  .refine((u) => /^https?:\/\//i.test(u), 'must be an http(s) URL');

export const chatNotification = z.object({
  type: z.enum(CHAT_KINDS),
  payload: z.object({
    channels: z
      .array(z.object({ webhook_url: httpUrl, channel: z.string().optional() }).passthrough())
      .min(1, 'needs at least one channel with a webhook_url'),
    body: z.string().optional(),
  }),
});

/** Comma-separated values, each checked by `valid`. */
const commaList = (valid: RegExp, problem: string) =>
  z
    .string()
    .trim()
    .min(1, 'is required')
    .refine((v) => v.split(',').every((part) => valid.test(part.trim())), problem);

/** Telegram: a bot's messages to chats (ids such as -1001234567890, or @channel names). */
export const telegramNotification = z.object({
  type: z.literal('Telegram'),
  payload: z.object({
    bot_token: z
      .string()
      .trim()
      .regex(/^\d+:[\w-]+$/, 'must be a bot token such as 123456:ABC-DEF'),
    chat_ids: commaList(/^(-?\d+|@\w{4,})$/, 'must be chat ids or @channel names separated by commas'),
    body: z.string().optional(),
  }),
});

/** Twilio's messages API: SMS (`Twilio`) or WhatsApp (`Whatsapp`) from one number to several. */
const twilioPayload = z.object({
  account_sid: z
    .string()
    .trim()
    .regex(/^AC[0-9a-fA-F]{32}$/, 'must be a Twilio account SID (AC and 32 hexadecimal digits)'),
  auth_token: z.string().trim().min(1, 'is required'),
  from: z
    .string()
    .trim()
    .regex(/^\+[1-9]\d{6,14}$/, 'must be a phone number in international form, such as +15551234567'),
  to: commaList(/^\+[1-9]\d{6,14}$/, 'must be phone numbers in international form separated by commas'),
  body: z.string().optional(),
});
export const twilioNotification = z.object({ type: z.literal('Twilio'), payload: twilioPayload });
export const whatsappNotification = z.object({ type: z.literal('Whatsapp'), payload: twilioPayload });
export type TelegramNotification = z.infer<typeof telegramNotification>;
export type TwilioNotification = z.infer<typeof twilioNotification> | z.infer<typeof whatsappNotification>;

export const hookNotification = z.preprocess(
  // NocoDB names the WhatsApp kind "Whatsapp Twilio".
  (v) =>
    v && typeof v === 'object' && (v as { type?: unknown }).type === 'Whatsapp Twilio'
      ? { ...v, type: 'Whatsapp' }
      : v,
  z.discriminatedUnion('type', [
    urlNotification,
    emailNotification,
    chatNotification,
    telegramNotification,
    twilioNotification,
    whatsappNotification,
  ]),
);
export type HookNotification = z.infer<typeof hookNotification>;

const notificationField = z.preprocess((v) => {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
}, hookNotification);

const operationField = z
  .union([z.enum(HOOK_OPERATIONS), z.array(z.enum(HOOK_OPERATIONS)).min(1)])
  .transform((o) => (Array.isArray(o) ? [...new Set(o)] : [o]));

const common = {
  title: z.string().trim().min(1, 'is required').max(255),
  description: z.string().nullish(),
  event: z.enum(['after', 'manual']).default('after'),
  operation: operationField,
  notification: notificationField,
  retries: z.coerce.number().int().min(0).max(10).default(0),
  retry_interval: z.coerce.number().int().min(0).max(3_600_000).default(60000),
  timeout: z.coerce.number().int().min(100).max(60000).default(10000),
  active: z.boolean().default(true),
  version: z.enum(['v2', 'v3']).default('v2'),
};

export const createHookBody = z.object(common).passthrough();
export const updateHookBody = z
  .object({
    title: common.title.optional(),
    description: common.description,
    event: z.enum(['after', 'manual']).optional(),
    operation: operationField.optional(),
    notification: notificationField.optional(),
    retries: z.coerce.number().int().min(0).max(10).optional(),
    retry_interval: z.coerce.number().int().min(0).max(3_600_000).optional(),
    timeout: z.coerce.number().int().min(100).max(60000).optional(),
    active: z.boolean().optional(),
    version: z.enum(['v2', 'v3']).optional(),
  })
  .passthrough();

export const testHookBody = z
  .object({
    hook: z.object(common).passthrough(),
    payload: z.unknown().optional(),
  })
  .passthrough();

export const logsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(1000).default(25),
  offset: z.coerce.number().int().min(0).default(0),
});
