/** A running job as a list item: a spinner, what is being done and how far along it is. */
import { Progress, Spin } from 'antd';
import type { RunningJob } from './running-jobs';

export function JobProgressItem({ job, label }: { job: RunningJob; label: string }) {
  return (
    <div
      className="flex flex-col gap-0.5 rounded px-2 py-1 text-sm text-gray-600"
      role="status"
      data-testid={`job-${job.kind}`}
    >
      <div className="flex items-center gap-2">
        <Spin size="small" /> <span className="truncate">{label}</span>
      </div>
      {job.message && <div className="truncate text-xs text-gray-500">{job.message}</div>}
      <Progress percent={job.percent ?? 0} size="small" showInfo={false} />
    </div>
  );
}
