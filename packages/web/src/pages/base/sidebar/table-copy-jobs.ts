/**
 * Table copies run as `duplicate-model` jobs of their base; the sidebar shows their progress. The same outcome (a
 * toast, the table list refreshed) whether this tab started the copy or picked it up after a reload.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../api/notify';
import { tablesKey } from '../../../api/tables';
import { restoreJobs, type JobOutcome } from '../../../jobs/running-jobs';

export const TABLE_COPY_JOB = 'duplicate-model';

/** The bases whose table copies this page load has already looked for. */
const restored = new Set<string>();

export function useTableCopyOutcome(baseId: string): JobOutcome {
  const { t } = useTranslation();
  const qc = useQueryClient();
  return {
    onCompleted: () => {
      notifySuccess(t('msg.tableDuplicated'));
      void qc.invalidateQueries({ queryKey: tablesKey(baseId) });
    },
    onFailed: (message) => notifyError(message),
  };
}

/** Shows again the progress of the table copies still running in this base (once per page load). */
export function useRestoredTableCopies(baseId: string): void {
  const outcome = useTableCopyOutcome(baseId);
  useEffect(() => {
    if (!baseId || restored.has(baseId)) return;
    restored.add(baseId);
    void restoreJobs(
      baseId,
      TABLE_COPY_JOB,
      (job) => ({ id: job.id, kind: TABLE_COPY_JOB, baseId, title: job.title ?? '' }),
      outcome,
    ).catch(() => restored.delete(baseId));
    // The outcome's functions are rebuilt on every render; the base is what matters.
  }, [baseId]);
}
