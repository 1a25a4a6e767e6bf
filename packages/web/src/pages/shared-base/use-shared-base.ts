/**
 * A shared base opened by its link (/base/{uuid}): the public meta call says which base and role the uuid
 * grants; every further call carries `xc-shared-base-id` (and `xc-password` for a protected share, kept in
 * session storage once accepted) through the shared context of the API client.
 */
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { request } from '../../api/client';
import { setSharedContext } from '../../api/shared-context';
import { promptError } from '../shared-view/password-prompt-state';

const storageKey = (uuid: string) => `rowbase-shared-base-password:${uuid}`;

/** `wrongText`: the message under the password prompt after a refused password. */
export function useSharedBase(uuid: string, wrongText: string) {
  const [password, setPasswordState] = useState<string | null>(() =>
    sessionStorage.getItem(storageKey(uuid)),
  );
  const [ready, setReady] = useState(false);
  const meta = useQuery({
    queryKey: ['shared-base', uuid, password],
    queryFn: async () => {
      const reply = await request<{ base_id: string; roles: string }>(
        'GET',
        `/api/v1/db/public/shared-base/${encodeURIComponent(uuid)}/meta`,
        { headers: password ? { 'xc-password': password } : {} },
      );
      if (password) sessionStorage.setItem(storageKey(uuid), password);
      return reply;
    },
    meta: { silent: true },
    staleTime: 0,
  });
  const baseId = meta.data?.base_id;

  useEffect(() => {
    if (!baseId) return;
    setSharedContext({ sharedBaseId: uuid, password });
    setReady(true);
    return () => {
      setSharedContext({});
      setReady(false);
    };
  }, [uuid, password, baseId]);

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
  return {
    meta,
    baseId: ready ? baseId : undefined,
    password,
    setPassword,
    /** Undefined when no password prompt is due, else the message under it. */
    prompt: meta.isError ? promptError(meta.error, password, wrongText) : undefined,
  };
}
