import { JobParamsSchema } from '@app/contracts/admin';
import { json } from '@app/platform/http/response';
import { buildJobs } from '../../composition/pipeline.ts';
import { httpRoute } from '../route.ts';

/** A run's progress: {type, status, total, done, failed, startedAt, finishedAt}. */
export const handler = httpRoute({ auth: 'admin', params: JobParamsSchema, areas: { jobs: buildJobs } }, async ({ jobs, params }) =>
  json(await jobs.get(params.id)),
);
