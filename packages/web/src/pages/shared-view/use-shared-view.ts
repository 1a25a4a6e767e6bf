/**
 * A shared view's meta through the public call, with its password: a protected share answers 403
 * INVALID_SHARED_VIEW_PASSWORD (see password-prompt-state.ts) until the visitor gives the right `xc-password`; the accepted password is kept
 * in session storage for this tab, so reloading or opening the form again does not ask twice.
 */
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { request } from '../../api/client';
import type { SharedColumn, SharedViewColumn } from '../../views/form/form-fields';

/** What GET /db/public/shared-view/{uuid}/meta answers (the parts the pages read). */
export interface SharedViewMeta {
  id: string;
  title: string;
  type: number;
  base_id: string;
  meta?: { allowCSVDownload?: boolean } & Record<string, unknown>;
  model: { id: string; title: string; columns: SharedColumn[] };
  columns: SharedViewColumn[];
  view?: FormSettings;
}

/** The form settings of a shared form (its view settings). */
export interface FormSettings {
  heading?: string | null;
  subheading?: string | null;
  success_msg?: string | null;
  redirect_url?: string | null;
  redirect_after_secs?: number | null;
  submit_another_form?: boolean;
  show_blank_form?: boolean;
}

export const sharedViewPath = (uuid: string) => `/api/v1/db/public/shared-view/${encodeURIComponent(uuid)}`;

const storageKey = (uuid: string) => `rowbase-shared-view-password:${uuid}`;

/** Calls of one shared view, each carrying the password when there is one. */
export interface SharedCalls {
  get<T>(path: string, signal?: AbortSignal): Promise<T>;
  post<T>(path: string, body: unknown): Promise<T>;
  /** The password headers, for calls made outside `get`/`post` (downloads). */
  headers: Record<string, string>;
}

export function sharedCalls(uuid: string, password: string | null): SharedCalls {
  const headers: Record<string, string> = password ? { 'xc-password': password } : {};
  const base = sharedViewPath(uuid);
  return {
    get: (path, signal) => request('GET', base + path, { headers, signal }),
    post: (path, body) => request('POST', base + path, { headers, body }),
    headers,
  };
}

export function useSharedView(uuid: string) {
  const [password, setPasswordState] = useState<string | null>(() =>
    sessionStorage.getItem(storageKey(uuid)),
  );
  const meta = useQuery({
    queryKey: ['shared-view', uuid, password],
    queryFn: async () => {
      const reply = await sharedCalls(uuid, password).get<SharedViewMeta>('/meta');
      if (password) sessionStorage.setItem(storageKey(uuid), password);
      return reply;
    },
    meta: { silent: true },
    staleTime: 0,
  });
  const { refetch } = meta;
  // Trying the same password again (after a rate-limit pause) must ask the server again.
  const setPassword = useCallback(
    (p: string) => {
      sessionStorage.removeItem(storageKey(uuid));
      if (p === password) void refetch();
      else setPasswordState(p);
    },
    [uuid, password, refetch],
  );
  const calls = useMemo(() => sharedCalls(uuid, password), [uuid, password]);
  return { meta, password, setPassword, calls };
}
