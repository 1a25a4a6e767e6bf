/** On a base copy's card while the job that fills it runs: what it is copying and how far along it is. */
import { useTranslation } from 'react-i18next';
import { JobProgressItem } from '../../jobs/JobProgressItem';
import { useRunningJobs } from '../../jobs/running-jobs';
import { BASE_COPY_JOB } from './base-copy-jobs';

export function BaseCopyProgress({ baseId }: { baseId: string }) {
  const { t } = useTranslation();
  const [job] = useRunningJobs(BASE_COPY_JOB, baseId);
  if (!job) return null;
  return <JobProgressItem job={job} label={t('base.duplicating', { title: job.title })} />;
}
