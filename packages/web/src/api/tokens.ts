/** API tokens: the user's own (`/tokens`) and a base's (`/db/meta/projects/{id}/api-tokens`). */
import type { ApiTokenMeta, CreatedApiToken } from '@rowbase/core/api/tokens';
import { api } from './client';

/** A listed token; `token` (the secret) is only present in the reply to its creation. */
export type ApiToken = ApiTokenMeta & { token?: string };

/** NocoDB answers some lists as a bare array and others as `{ list }`; accept both. */
export function listOf<T>(reply: T[] | { list?: T[] } | null | undefined): T[] {
  if (Array.isArray(reply)) return reply;
  return reply?.list ?? [];
}

export const tokensApi = {
  list: async () => listOf(await api.get<ApiToken[] | { list: ApiToken[] }>('/api/v1/tokens')),
  create: (description: string) => api.post<CreatedApiToken>('/api/v1/tokens', { description }),
  delete: (id: string) => api.delete<unknown>(`/api/v1/tokens/${id}`),
  listForBase: async (baseId: string) =>
    listOf(await api.get<ApiToken[] | { list: ApiToken[] }>(`/api/v1/db/meta/projects/${baseId}/api-tokens`)),
  createForBase: (baseId: string, description: string) =>
    api.post<CreatedApiToken>(`/api/v1/db/meta/projects/${baseId}/api-tokens`, { description }),
  deleteForBase: (baseId: string, id: string) =>
    api.delete<unknown>(`/api/v1/db/meta/projects/${baseId}/api-tokens/${id}`),
};
