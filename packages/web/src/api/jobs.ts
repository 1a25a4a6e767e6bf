/** The jobs calls: the long-poll listen (in the background, not under the loading indicator) and status. */
import type { JobEventReply, JobReply } from '@rowbase/core/api/jobs';
import { request } from './client';

export const jobsApi = {
  listen: (body: { _mid: number; data: { id: string } }, signal: AbortSignal) =>
    request<JobEventReply | JobEventReply[]>('POST', '/jobs/listen', { body, signal, background: true }),
  status: (id: string) => request<JobReply>('POST', '/jobs/status', { body: { id } }),
  listByBase: (baseId: string, conditions: { job?: string } = {}) =>
    request<JobReply[]>('POST', `/api/v2/jobs/${baseId}`, { body: conditions }),
};
