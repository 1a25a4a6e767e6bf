/**
 * The jobs this browser tab is following (duplicates), with their latest progress, so the menus that started
 * them can show a progress indicator and refresh their lists when a job ends. A reloaded page picks up the jobs
 * still running through the jobs list of their base (`restoreJobs`, docs/jobs.md).
 */
import { isUnfinished, type JobReply } from '@rowbase/core/api/jobs';
import { useSyncExternalStore } from 'react';
import { jobsApi } from '../api/jobs';
import { getToken } from '../session/session';
import { subscribeSettings } from '../session/stored-settings';
import { listenToJob, type JobEventData } from './job-listener';

export interface RunningJob {
  id: string;
  /** `duplicate-base` or `duplicate-model` (a table). */
  kind: string;
  /** Where the indicator shows: the base the table copy appears in, or the base copy's id. */
  baseId: string;
  title: string;
  percent?: number;
  message?: string;
}

export interface JobOutcome {
  onCompleted(result: unknown): void;
  onFailed(message: string): void;
}

const running = new Map<string, RunningJob>();
const listeners = new Set<() => void>();
let snapshot: RunningJob[] = [];

function emit(): void {
  snapshot = [...running.values()];
  for (const l of listeners) l();
}

/** Starts following a job until it ends, then drops it and reports the outcome. */
export function followJob(job: RunningJob, outcome: JobOutcome): void {
  running.set(job.id, job);
  emit();
  listenToJob(
    job.id,
    {
      onUpdate: (d: JobEventData) => {
        const current = running.get(job.id);
        if (!current) return;
        running.set(job.id, {
          ...current,
          percent: d.data?.percent ?? current.percent,
          message: d.data?.message ?? current.message,
        });
        emit();
      },
      onClose: (d: JobEventData) => {
        running.delete(job.id);
        emit();
        if (d.status === 'completed') outcome.onCompleted(d.data?.result);
        else outcome.onFailed(d.data?.error?.message ?? 'The job failed');
      },
    },
    { listen: jobsApi.listen, getToken, subscribeToken: subscribeSettings },
  );
}

/**
 * Follows the jobs of one kind still running in a base that this tab does not follow yet (after a reload, or
 * started elsewhere): lists them with the base's jobs list and follows each that `describe` places.
 */
export async function restoreJobs(
  baseId: string,
  kind: string,
  describe: (job: JobReply) => RunningJob | null,
  outcome: JobOutcome,
  list: typeof jobsApi.listByBase = jobsApi.listByBase,
): Promise<void> {
  const jobs = await list(baseId, { job: kind });
  for (const job of jobs) {
    if (!isUnfinished(job.status) || running.has(job.id)) continue;
    const shown = describe(job);
    if (shown)
      followJob({ ...shown, percent: job.progress?.percent, message: job.progress?.message }, outcome);
  }
}

function subscribe(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

/** The followed jobs of one kind showing in one base (or every base when `baseId` is absent). */
export function useRunningJobs(kind: string, baseId?: string): RunningJob[] {
  const all = useSyncExternalStore(subscribe, () => snapshot);
  return all.filter((j) => j.kind === kind && (baseId === undefined || j.baseId === baseId));
}
