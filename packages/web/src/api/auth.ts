/** Auth calls (docs/api-compatibility.md Auth) and the current user query. */
import type { MeReply, SigninBody, SignupBody, TokenReply } from '@rowbase/core/api/auth';
import { useQuery } from '@tanstack/react-query';
import { useToken } from '../session/session';
import { api } from './client';

export const authApi = {
  signup: (body: SignupBody) => api.post<TokenReply>('/api/v1/auth/user/signup', body),
  signin: (body: SigninBody) => api.post<TokenReply>('/api/v1/auth/user/signin', body),
  me: (baseId?: string) => api.get<MeReply>('/api/v1/auth/user/me', baseId ? { base_id: baseId } : undefined),
  forgotPassword: (email: string) => api.post<{ msg: string }>('/api/v1/auth/password/forgot', { email }),
  validateResetToken: (token: string) =>
    api.post<unknown>(`/api/v1/auth/token/validate/${encodeURIComponent(token)}`),
  resetPassword: (token: string, password: string) =>
    api.post<{ msg: string }>(`/api/v1/auth/password/reset/${encodeURIComponent(token)}`, { password }),
  changePassword: (currentPassword: string, newPassword: string) =>
    api.post<{ msg: string }>('/api/v1/auth/password/change', { currentPassword, newPassword }),
  updateProfile: (body: { firstname?: string; lastname?: string; display_name?: string }) =>
    api.patch<unknown>('/api/v1/user/profile', body),
  genTokenByCode: (provider: string, search: string) =>
    api.post<{ data?: { token?: string; extra?: { continueAfterSignIn?: string } }; token?: string }>(
      `/api/v1/auth/${provider}/genTokenByCode${search}`,
    ),
};

export const meKey = (baseId?: string) => ['me', baseId ?? null] as const;

/** The signed-in user (and their roles in a base when baseId is given). */
export function useMe(baseId?: string) {
  const token = useToken();
  return useQuery({ queryKey: meKey(baseId), queryFn: () => authApi.me(baseId), enabled: !!token });
}
