/** Bases (projects) and their collaborators, NocoDB paths and shapes (docs/api-compatibility.md Bases and sources). */
import type { BaseMeta, ListReply } from '@rowbase/core/api/meta';
import { api } from './client';

export type BaseKind = BaseMeta['type'];
export const BASE_KINDS: BaseKind[] = ['database', 'documentation', 'cowriter', 'dashboard'];

export interface BaseUser {
  id: string;
  email: string;
  display_name?: string | null;
  roles: string | null;
  main_roles?: string | null;
  created_at?: string;
}

export interface SharedBase {
  uuid: string | null;
  url?: string | null;
  roles?: string | null;
  password?: string | null;
}

export const basesApi = {
  list: () => api.get<ListReply<BaseMeta>>('/api/v1/db/meta/projects/'),
  read: (id: string) => api.get<BaseMeta>(`/api/v1/db/meta/projects/${id}`),
  create: (body: { title: string; type?: BaseKind }) => api.post<BaseMeta>('/api/v1/db/meta/projects/', body),
  update: (id: string, body: Partial<Pick<BaseMeta, 'title' | 'color' | 'meta' | 'order'>>) =>
    api.patch<BaseMeta>(`/api/v1/db/meta/projects/${id}`, body),
  delete: (id: string) => api.delete<unknown>(`/api/v1/db/meta/projects/${id}`),
  duplicate: (id: string, options: { excludeData?: boolean; excludeViews?: boolean } = {}) =>
    // Answers with the id of the job that fills the copy and the (still empty) copy.
    api.post<{ id: string; base_id: string; base?: BaseMeta }>(`/api/v1/db/meta/duplicate/${id}`, {
      options,
    }),

  users: (id: string) => api.get<{ users: ListReply<BaseUser> }>(`/api/v1/db/meta/projects/${id}/users`),
  inviteUser: (id: string, body: { email: string; roles: string }) =>
    api.post<{
      msg?: string;
      email?: string;
      invite_token?: string;
      invite_url?: string;
      /** True when an e-mail plugin sent the invitation. */
      emailed?: boolean;
    }>(`/api/v1/db/meta/projects/${id}/users`, body),
  updateUser: (id: string, userId: string, body: { email: string; roles: string }) =>
    api.patch<unknown>(`/api/v1/db/meta/projects/${id}/users/${userId}`, body),
  removeUser: (id: string, userId: string) =>
    api.delete<unknown>(`/api/v1/db/meta/projects/${id}/users/${userId}`),

  shared: (id: string) => api.get<SharedBase>(`/api/v1/db/meta/projects/${id}/shared`),
  createShared: (id: string, roles = 'viewer') =>
    api.post<SharedBase>(`/api/v1/db/meta/projects/${id}/shared`, { roles }),
  updateShared: (id: string, roles: string) =>
    api.patch<SharedBase>(`/api/v1/db/meta/projects/${id}/shared`, { roles }),
  disableShared: (id: string) => api.delete<unknown>(`/api/v1/db/meta/projects/${id}/shared`),
};

export const basesKey = ['bases'] as const;
export const baseKey = (id: string) => ['base', id] as const;
export const baseUsersKey = (id: string) => ['base', id, 'users'] as const;
