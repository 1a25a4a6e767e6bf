/**
 * Base copies run as `duplicate-base` jobs filed under the base copied; their progress shows on the copy's card
 * (the job's `target_id`). The same outcome (a toast, the list refreshed) whether this tab started the copy or
 * picked it up after a reload.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { basesKey } from '../../api/bases';
import { notifyError, notifySuccess } from '../../api/notify';
import { restoreJobs, type JobOutcome } from '../../jobs/running-jobs';

export const BASE_COPY_JOB = 'duplicate-base';

/** The bases whose copies this page load has already looked for. */
const restored = new Set<string>();

export function useBaseCopyOutcome(): JobOutcome {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const refresh = () => void qc.invalidateQueries({ queryKey: basesKey });
  return {
    onCompleted: () => {
      notifySuccess(t('msg.baseDuplicated'));
      refresh();
    },
    onFailed: (message) => {
      notifyError(message);
      refresh();
    },
  };
}

/** Shows again the progress of the copies still being filled from these bases (once per base and page load). */
export function useRestoredBaseCopies(baseIds: readonly string[]): void {
  const outcome = useBaseCopyOutcome();
  const key = baseIds.join(',');
  useEffect(() => {
    for (const id of key ? key.split(',') : []) {
      if (restored.has(id)) continue;
      restored.add(id);
      void restoreJobs(
        id,
        BASE_COPY_JOB,
        (job) =>
          job.target_id
            ? { id: job.id, kind: BASE_COPY_JOB, baseId: job.target_id, title: job.title ?? '' }
            : null,
        outcome,
      ).catch(() => restored.delete(id));
    }
    // The outcome's functions are rebuilt on every render; the bases listed are what matters.
  }, [key]);
}
