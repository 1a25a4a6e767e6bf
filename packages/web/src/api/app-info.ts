/** App info (docs/behaviour/web-app.md): read once at start; it becomes the app settings the shell and guard read. */
import { useQuery } from '@tanstack/react-query';
import { api } from './client';

export interface AppInfo {
  authType: string;
  firstUser: boolean;
  baseHasAdmin?: boolean;
  connectToExternalDB?: boolean;
  defaultLimit?: number;
  googleAuthEnabled?: boolean;
  githubAuthEnabled?: boolean;
  oidcAuthEnabled?: boolean;
  oidcProviderName?: string | null;
  ncSiteUrl?: string;
  teleEnabled?: boolean;
  version?: string;
  inviteOnlySignup?: boolean;
  disableEmailAuth?: boolean;
  baseHostName?: string | null;
  mainSubDomain?: string | null;
  dashboardPath?: string;
  ncAttachmentFieldSize?: number;
  ncMaxAttachmentsAllowed?: number;
  isCloud?: boolean;
  /** NC_AUTOMATION_LOG_LEVEL: which webhook deliveries the server logs. */
  automationLogLevel?: 'OFF' | 'ERROR' | 'ALL';
}

export const appInfoKey = ['app-info'] as const;
export const fetchAppInfo = () => api.get<AppInfo>('/api/v1/db/meta/nocodb/info');

export function useAppInfo() {
  return useQuery({ queryKey: appInfoKey, queryFn: fetchAppInfo, staleTime: 60_000 });
}
