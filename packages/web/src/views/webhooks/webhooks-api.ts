/** A table's webhooks over NocoDB's hooks API (docs/webhooks.md). */
import { api } from '../../api/client';

export type HookOperation = 'insert' | 'update' | 'delete';

export interface HookForm {
  title: string;
  operation: HookOperation[];
  method: string;
  url: string;
  headers: { name: string; value: string }[];
  retries: number;
  active: boolean;
}

export interface Hook {
  id: string;
  title: string;
  operation: string[];
  active: boolean;
  retries: number;
  /** URL hooks are edited here; the other kinds (Email, Slack, ...) come from the API and are listed by kind. */
  notification:
    | {
        type: 'URL';
        payload: {
          method: string;
          path: string;
          headers: { name: string; value: string; enabled?: boolean }[];
        };
      }
    | { type: 'Email' | 'Slack' | 'Discord' | 'Microsoft Teams' | 'Mattermost'; payload: unknown };
}

/** What the list says a hook sends to: the method and URL, or the kind. */
export function targetOf(h: Hook): string {
  return h.notification.type === 'URL'
    ? `${h.notification.payload.method} ${h.notification.payload.path}`
    : h.notification.type;
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
    notification: {
      type: 'URL',
      payload: {
        method: f.method,
        path: f.url,
        headers: (f.headers ?? []).filter((h) => h.name).map((h) => ({ ...h, enabled: true })),
        parameters: [],
      },
    },
  };
}

export function formOf(h: Hook): HookForm {
  const url = h.notification.type === 'URL' ? h.notification.payload : undefined;
  return {
    title: h.title,
    operation: h.operation.filter((o): o is HookOperation => ['insert', 'update', 'delete'].includes(o)),
    method: url?.method ?? 'POST',
    url: url?.path ?? '',
    headers: (url?.headers ?? []).map(({ name, value }) => ({ name, value })),
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
