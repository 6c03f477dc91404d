import { EmptyBodySchema } from '@app/contracts/auth';
import type { JobAccepted } from '@app/contracts/admin';
import { accepted } from '@app/platform/http/response';
import { buildJobs } from '../../composition/pipeline.ts';
import { httpRoute } from '../route.ts';

/** Starts a 'results' run and answers at once with its id; GET /api/admin/jobs/{id} follows it. */
export const handler = httpRoute({ auth: 'admin', body: EmptyBodySchema, areas: { jobs: buildJobs } }, async ({ jobs }) => {
  const job = await jobs.request('results', 'admin');
  const body: JobAccepted = { jobId: job.id };
  return accepted(body);
});
