import type { JobStatus } from '@app/contracts/admin';
import { useQueryClient } from '@tanstack/react-query';
import { BarChart3, CalendarSync, CheckCircle2, Download, XCircle } from 'lucide-react';
import { useEffect, useRef, useState, type ComponentType } from 'react';

import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { toast } from '@/components/ui/toast';
import { isJobFinished, useJob, useStartJob, type JobKind } from '@/features/admin/api/jobs';
import { apiErrorMessage } from '@/lib/api-client';

type JobSpec = {
  kind: JobKind;
  label: string;
  icon: ComponentType<{ 'aria-hidden'?: boolean; className?: string }>;
  about: string;
  started: { title: string; description: string };
  failed: string;
  /** docs/product.md#delays: data reloads after this delay; kept as the fallback to live progress. */
  reloadAfterMs: number;
};

/** docs/product.md (#admin-odds, #messages, #delays): the three jobs, their messages and reload delays. */
export const JOBS: JobSpec[] = [
  {
    kind: 'generate',
    label: 'Generate Predictions',
    icon: CalendarSync,
    about: 'Fetch fixtures and odds, then regenerate predictions for matches that have not kicked off.',
    started: { title: 'Prediction generation started', description: 'Follow its progress below.' },
    failed: 'Failed to start prediction generation',
    reloadAfterMs: 180_000,
  },
  {
    kind: 'metrics',
    label: 'Update Metrics',
    icon: BarChart3,
    about: 'Recalculate win accuracy, profit, payout and the trend from settled matches.',
    started: { title: 'Metrics update started', description: 'Follow its progress below.' },
    failed: 'Failed to update performance metrics',
    reloadAfterMs: 5_000,
  },
  {
    kind: 'results',
    label: 'Fetch Results',
    icon: Download,
    about: 'Fetch the results of finished matches and settle their predictions.',
    started: { title: 'Fetching match results', description: 'Follow its progress below.' },
    failed: 'Failed to fetch match results',
    reloadAfterMs: 60_000,
  },
];

/** Every query a job can change (the results job settles tracked bets too). */
const JOB_DATA_KEYS = [['/api/predictions'], ['/api/admin', 'winning-predictions'], ['/api/metrics'], ['/api/tracking'], ['/api/my-bets']];

const STATUS_LABEL: Record<JobStatus['status'], string> = { queued: 'Queued', running: 'Running', done: 'Finished', failed: 'Failed' };

function JobProgress({ job, label }: { job: JobStatus | undefined; label: string }) {
  if (!job) return <p className="text-sm text-muted-foreground">Starting...</p>;
  const percent = job.total > 0 ? Math.round(((job.done + job.failed) / job.total) * 100) : job.status === 'done' ? 100 : 0;
  const finished = isJobFinished(job);
  return (
    <div className="space-y-1.5">
      <p className="flex items-center gap-1.5 text-sm font-medium">
        {job.status === 'done' ? <CheckCircle2 aria-hidden="true" className="size-4 text-success" /> : null}
        {job.status === 'failed' ? <XCircle aria-hidden="true" className="size-4 text-destructive" /> : null}
        <span data-testid="job-status" aria-live="polite">
          {STATUS_LABEL[job.status]}
        </span>
        {job.total > 0 ? (
          <span className="font-normal text-muted-foreground">
            {job.done} of {job.total} done{job.failed > 0 ? `, ${job.failed} failed` : ''}
          </span>
        ) : null}
      </p>
      <div
        role="progressbar"
        aria-label={`${label} progress`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div
          className={job.status === 'failed' ? 'h-full bg-destructive' : finished ? 'h-full bg-success' : 'h-full bg-primary transition-[width]'}
          style={{ width: `${percent}%` }}
        />
      </div>
      {job.error ? <p className="text-sm text-destructive">{job.error}</p> : null}
    </div>
  );
}

function JobControl({ spec }: { spec: JobSpec }) {
  const queryClient = useQueryClient();
  const start = useStartJob();
  const [jobId, setJobId] = useState<string | null>(null);
  const job = useJob(jobId);
  const fallback = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const Icon = spec.icon;

  const reloadData = () => Promise.all(JOB_DATA_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey })));

  useEffect(() => () => clearTimeout(fallback.current), []);

  const status = job.data?.status;
  useEffect(() => {
    if (status !== 'done' && status !== 'failed') return;
    clearTimeout(fallback.current);
    void Promise.all(JOB_DATA_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  }, [status, queryClient]);

  const running = start.isPending || (jobId !== null && !isJobFinished(job.data) && !job.isError);

  const trigger = () =>
    start.mutate(spec.kind, {
      onSuccess: ({ jobId: id }) => {
        setJobId(id);
        toast({ ...spec.started, variant: 'success' });
        clearTimeout(fallback.current);
        fallback.current = setTimeout(() => void reloadData(), spec.reloadAfterMs);
      },
      onError: (error) => toast({ title: spec.failed, description: apiErrorMessage(error) ?? 'Please try again.', variant: 'destructive' }),
    });

  return (
    <li className="flex flex-col gap-3 rounded-xl border border-border p-4">
      <Button onClick={trigger} disabled={running} className="self-start">
        <Icon aria-hidden={true} />
        {running ? `${spec.label}...` : spec.label}
      </Button>
      {jobId ? <JobProgress job={job.data} label={spec.label} /> : <p className="text-sm text-muted-foreground">{spec.about}</p>}
    </li>
  );
}

/** docs/product.md#admin-odds: buttons that trigger prediction generation, metrics update and result fetching, with live progress. */
export function JobControls() {
  return (
    <Card>
      <h2 className="text-lg font-semibold">Jobs</h2>
      <ul className="mt-4 grid gap-4 md:grid-cols-3">
        {JOBS.map((spec) => (
          <JobControl key={spec.kind} spec={spec} />
        ))}
      </ul>
    </Card>
  );
}
