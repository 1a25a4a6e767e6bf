/** A table's webhooks over NocoDB's hooks API (docs/webhooks.md). */
import { api } from '../../api/client';
import type { FilterRow } from '../grid/view-settings';
import { bodiesOf } from './hook-conditions';

export type HookOperation = 'insert' | 'update' | 'delete';

/** The kinds the form edits; the others (Email, Slack, ...) are made through the API and listed by kind. */
export const FORM_KINDS = ['URL', 'Telegram', 'Whatsapp', 'Twilio'] as const;
export type FormKind = (typeof FORM_KINDS)[number];

export interface HookForm {
  title: string;
  operation: HookOperation[];
  kind: FormKind;
  method: string;
  url: string;
  headers: { name: string; value: string }[];
  /** Telegram */
  botToken: string;
  chatIds: string;
  /** WhatsApp and Twilio SMS */
  accountSid: string;
  authToken: string;
  from: string;
  to: string;
  /** The message template of the messaging kinds; empty sends a summary of the change. */
  body: string;
  retries: number;
  active: boolean;
}

type TwilioPayload = {
  account_sid: string;
  auth_token: string;
  from: string;
  to: string;
  body?: string;
};

export interface Hook {
  id: string;
  title: string;
  operation: string[];
  active: boolean;
  retries: number;
  notification:
    | {
        type: 'URL';
        payload: {
          method: string;
          path: string;
          headers: { name: string; value: string; enabled?: boolean }[];
        };
      }
    | { type: 'Telegram'; payload: { bot_token: string; chat_ids: string; body?: string } }
    | { type: 'Whatsapp' | 'Twilio'; payload: TwilioPayload }
    | { type: 'Email' | 'Slack' | 'Discord' | 'Microsoft Teams' | 'Mattermost'; payload: unknown };
}

export const editable = (h: Hook) => (FORM_KINDS as readonly string[]).includes(h.notification.type);

/** What the list says a hook sends to: the method and URL, the chats or numbers, or the kind. */
export function targetOf(h: Hook): string {
  const n = h.notification;
  if (n.type === 'URL') return `${n.payload.method} ${n.payload.path}`;
  if (n.type === 'Telegram') return `Telegram ${n.payload.chat_ids}`;
  if (n.type === 'Whatsapp') return `WhatsApp ${n.payload.to}`;
  if (n.type === 'Twilio') return `SMS ${n.payload.to}`;
  return n.type;
}

function notificationOf(f: HookForm) {
  const body = f.body?.trim() ? f.body : undefined;
  if (f.kind === 'Telegram') {
    return { type: f.kind, payload: { bot_token: f.botToken, chat_ids: f.chatIds, body } };
  }
  if (f.kind === 'Whatsapp' || f.kind === 'Twilio') {
    return {
      type: f.kind,
      payload: { account_sid: f.accountSid, auth_token: f.authToken, from: f.from, to: f.to, body },
    };
  }
  return {
    type: 'URL',
    payload: {
      method: f.method,
      path: f.url,
      headers: (f.headers ?? []).filter((h) => h.name).map((h) => ({ ...h, enabled: true })),
      parameters: [],
    },
  };
}

export interface HookLog {
  id: string;
  operation: string;
  test_call: boolean;
  error_code: string | null;
  error_message: string | null;
  execution_time: number;
  response: string | null;
  attempt: number;
  created_at: string;
}

/** The API body of the form's values. */
export function hookBody(f: HookForm) {
  return {
    title: f.title,
    event: 'after',
    operation: f.operation,
    retries: f.retries,
    active: f.active,
    notification: notificationOf(f),
  };
}

export function formOf(h: Hook): HookForm {
  const n = h.notification;
  const url = n.type === 'URL' ? n.payload : undefined;
  const telegram = n.type === 'Telegram' ? n.payload : undefined;
  const twilio = n.type === 'Whatsapp' || n.type === 'Twilio' ? n.payload : undefined;
  return {
    title: h.title,
    operation: h.operation.filter((o): o is HookOperation => ['insert', 'update', 'delete'].includes(o)),
    kind: editable(h) ? (n.type as FormKind) : 'URL',
    method: url?.method ?? 'POST',
    url: url?.path ?? '',
    headers: (url?.headers ?? []).map(({ name, value }) => ({ name, value })),
    botToken: telegram?.bot_token ?? '',
    chatIds: telegram?.chat_ids ?? '',
    accountSid: twilio?.account_sid ?? '',
    authToken: twilio?.auth_token ?? '',
    from: twilio?.from ?? '',
    to: twilio?.to ?? '',
    body: telegram?.body ?? twilio?.body ?? '',
    retries: h.retries,
    active: h.active,
  };
}

/** The status a log row shows: the receiver's HTTP status, or the error code. */
export function logStatus(log: HookLog): string {
  if (log.response) {
    try {
      return String((JSON.parse(log.response) as { status: number }).status);
    } catch {
      /* fall through to the error code */
    }
  }
  return log.error_code ?? '';
}

export const webhooksApi = {
  list: (tableId: string) =>
    api.get<{ list: Hook[] }>(`/api/v1/db/meta/tables/${tableId}/hooks`).then((r) => r.list),
  create: (tableId: string, f: HookForm) =>
    api.post<Hook>(`/api/v1/db/meta/tables/${tableId}/hooks`, hookBody(f)),
  update: (id: string, body: Partial<ReturnType<typeof hookBody>>) =>
    api.patch<Hook>(`/api/v1/db/meta/hooks/${id}`, body),
  remove: (id: string) => api.delete<unknown>(`/api/v1/db/meta/hooks/${id}`),
  test: (tableId: string, f: HookForm, id?: string) =>
    api.post<{ msg: string }>(`/api/v1/db/meta/tables/${tableId}/hooks/test`, {
      hook: { ...hookBody(f), id },
    }),
  logs: (id: string) =>
    api.get<{ list: HookLog[] }>(`/api/v1/db/meta/hooks/${id}/logs`, { limit: 50 }).then((r) => r.list),
};

/** A hook's conditions over `GET/POST /hooks/{id}/filters` (docs/webhooks.md "Conditions"). */
export const conditionsApi = {
  /** The hook's conditions, groups with their children nested. */
  list: (hookId: string) =>
    api.get<{ list: FilterRow[] }>(`/api/v1/db/meta/hooks/${hookId}/filters`).then((r) => r.list),
  /** Replaces the hook's conditions (`before`, as listed) with `tree`. */
  async replace(hookId: string, before: FilterRow[], tree: FilterRow[]): Promise<void> {
    for (const f of before) await api.delete<unknown>(`/api/v1/db/meta/filters/${f.id}`);
    for (const body of bodiesOf(tree))
      await api.post<FilterRow>(`/api/v1/db/meta/hooks/${hookId}/filters`, body);
  },
};
