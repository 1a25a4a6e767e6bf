/**
 * The typed fetch client. Adds the docs/api-compatibility.md headers, counts requests for the loading indicator, turns failed
 * responses into `ApiError`s (which core's extractErrorMessage reads), and handles 401 as docs/behaviour/web-app.md says:
 * one shared refresh, then the failed request is retried once; a failed refresh signs out.
 */
import type { FailedCall } from '@rowbase/core/errors';
import { getSettings } from '../session/stored-settings';
import { getToken, refreshSession, signOut } from '../session/session';
import { buildHeaders, readCookie } from './headers';
import { trackRequest } from './loading';
import { getSharedContext } from './shared-context';

export class ApiError extends Error implements FailedCall {
  readonly status: number;
  readonly response: { data: unknown };
  constructor(status: number, data: unknown) {
    super(`Request failed with status code ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.response = { data };
  }
}

type Query = Record<string, string | number | boolean | undefined | null>;

export interface RequestOptions {
  body?: unknown;
  query?: Query;
  signal?: AbortSignal;
  /** Extra headers for this call (e.g. `xc-password` of a protected shared view). */
  headers?: Record<string, string>;
  /** Left out of the loading indicator: a long poll would otherwise keep it on for good. */
  background?: boolean;
}

function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

async function send(method: string, url: string, opts: RequestOptions): Promise<Response> {
  const shared = getSharedContext();
  const headers = buildHeaders(url, {
    token: getToken(),
    sharedBaseId: shared.sharedBaseId,
    sharedErdId: shared.sharedErdId,
    previewAs: getSettings().previewAs,
    xsrfToken: typeof document === 'undefined' ? null : readCookie(document.cookie, 'XSRF-TOKEN'),
    password: shared.password,
  });
  // The server writes e-mails caused by this call in the app's language (docs/plugins.md "The e-mails").
  headers['Accept-Language'] = getSettings().language;
  Object.assign(headers, opts.headers);
  const init: RequestInit = { method, headers, credentials: 'include', signal: opts.signal };
  if (opts.body !== undefined) {
    if (opts.body instanceof FormData) init.body = opts.body;
    else {
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(opts.body);
    }
  }
  return fetch(url, init);
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** One call to the API; resolves with the parsed JSON body of a 2xx response. */
export async function request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
  return call(method, path, opts, async (res) => (await readBody(res)) as T);
}

/** A file from the API (an export) as its bytes: binary is never read as text on its way to the browser. */
export async function requestBlob(method: string, path: string, opts: RequestOptions = {}): Promise<Blob> {
  return call(method, path, opts, (res) => res.blob());
}

async function call<T>(
  method: string,
  path: string,
  opts: RequestOptions,
  read: (res: Response) => Promise<T>,
): Promise<T> {
  const url = withQuery(path, opts.query);
  const track = opts.background ? <R>(work: Promise<R>) => work : trackRequest;
  return track(
    (async () => {
      let res = await send(method, url, opts);
      if (res.status === 401 && getToken()) {
        if (await refreshSession()) res = await send(method, url, opts);
        else {
          await signOut({ forced: true });
          throw new ApiError(401, await readBody(res));
        }
      }
      if (res.status < 200 || res.status > 299) throw new ApiError(res.status, await readBody(res));
      return read(res);
    })(),
  );
}

export const api = {
  get: <T>(path: string, query?: Query, signal?: AbortSignal) => request<T>('GET', path, { query, signal }),
  post: <T>(path: string, body?: unknown, query?: Query) => request<T>('POST', path, { body, query }),
  patch: <T>(path: string, body?: unknown) => request<T>('PATCH', path, { body }),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, { body }),
  delete: <T>(path: string, body?: unknown) => request<T>('DELETE', path, { body }),
};
