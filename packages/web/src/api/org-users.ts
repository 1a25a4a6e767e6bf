/** Users management for the super admin and app settings (SPEC §7 organisation). */
import type { ListReply } from '@rowbase/core/api/meta';
import { api } from './client';

export interface OrgUser {
  id: string;
  email: string;
  display_name?: string | null;
  roles: string;
  invite_token?: string | null;
  created_at?: string;
}

export interface AppSettings {
  invite_only_signup: boolean;
}

export const orgUsersApi = {
  list: (query: { limit?: number; offset?: number; query?: string } = {}) =>
    api.get<ListReply<OrgUser>>('/api/v1/users', query),
  invite: (body: { email: string; roles: string }) =>
    api.post<{ invite_token?: string; email?: string }>('/api/v1/users', body),
  update: (id: string, body: { roles: string }) => api.patch<unknown>(`/api/v1/users/${id}`, body),
  delete: (id: string) => api.delete<unknown>(`/api/v1/users/${id}`),
  resendInvite: (id: string) => api.post<unknown>(`/api/v1/users/${id}/resend-invite`),
  generateResetUrl: (id: string) =>
    api.post<{ reset_password_url?: string; reset_password_token?: string }>(
      `/api/v1/users/${id}/generate-reset-url`,
    ),
  appSettings: () => api.get<AppSettings>('/api/v1/app-settings'),
  saveAppSettings: (body: AppSettings) => api.post<unknown>('/api/v1/app-settings', body),
};
