/** Users management for the super admin and app settings (docs/api-compatibility.md organisation), over core's contracts. */
import type { ListReply } from '@rowbase/core/api/meta';
import type { AppSettings, AppSettingsPatch, OrgUser, PublicProfile } from '@rowbase/core/api/users';
import { api } from './client';

export type { AppSettings, OrgUser };

export const orgUsersApi = {
  list: (query: { limit?: number; offset?: number; query?: string } = {}) =>
    api.get<ListReply<OrgUser>>('/api/v1/users', query),
  invite: (body: { email: string; roles: string }) =>
    api.post<{ msg: string; email?: string; invite_token?: string }>('/api/v1/users', body),
  update: (id: string, body: { roles: string }) => api.patch<OrgUser>(`/api/v1/users/${id}`, body),
  delete: (id: string) => api.delete<{ msg: string }>(`/api/v1/users/${id}`),
  resendInvite: (id: string) => api.post<{ msg: string }>(`/api/v1/users/${id}/resend-invite`),
  generateResetUrl: (id: string) =>
    api.post<{ reset_password_url: string; reset_password_token: string }>(
      `/api/v1/users/${id}/generate-reset-url`,
    ),
  profile: (idOrEmail: string) => api.get<PublicProfile>(`/api/v1/users/${encodeURIComponent(idOrEmail)}`),
  appSettings: () => api.get<AppSettings>('/api/v1/app-settings'),
  saveAppSettings: (body: AppSettingsPatch) => api.post<unknown>('/api/v1/app-settings', body),
};
