import { JobAcceptedSchema, JobStatusSchema, type JobAccepted, type JobStatus } from '@app/contracts/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { useSingleFlightMutation } from '@/lib/react-query';

export type JobKind = JobStatus['type'];

/** The trigger route of each job (docs/product.md#api-calls). */
const TRIGGER_PATHS: Record<JobKind, string> = {
  generate: '/api/admin/generate-daily-predictions',
  metrics: '/api/admin/update-performance-metrics',
  results: '/api/admin/fetch-match-results',
};

/** Starts a job: `202 { jobId }`, or 409 while a job of that type is already running. */
export function startJob(kind: JobKind): Promise<JobAccepted> {
  return api.post(TRIGGER_PATHS[kind], undefined, { schema: JobAcceptedSchema });
}

export function useStartJob() {
  return useSingleFlightMutation({ mutationFn: startJob });
}

/** `GET /api/admin/jobs/{id}`. */
export function getJob(id: string, { signal }: { signal?: AbortSignal } = {}): Promise<JobStatus> {
  return api.get(`/api/admin/jobs/${encodeURIComponent(id)}`, { signal, schema: JobStatusSchema });
}

/** While a job is queued or running it is polled every second (live progress: docs/decisions/0012-admin-jobs-answer-202.md). */
export const JOB_POLL_MS = 1000;

export const isJobFinished = (job: JobStatus | undefined) => job?.status === 'done' || job?.status === 'failed';

export const getJobQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['/api/admin', 'jobs', id],
    queryFn: ({ signal }) => getJob(id, { signal }),
    refetchInterval: (query) => (isJobFinished(query.state.data) || query.state.status === 'error' ? false : JOB_POLL_MS),
  });

export function useJob(id: string | null) {
  return useQuery({ ...getJobQueryOptions(id ?? ''), enabled: id !== null });
}
