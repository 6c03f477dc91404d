import { JobParamsSchema } from '@app/contracts/admin';
import { json } from '@app/platform/http/response';
import { jobService } from '../../composition/pipeline.ts';
import { httpRoute } from '../route.ts';

/** A run's progress: {type, status, total, done, failed, startedAt, finishedAt}. */
export const handler = httpRoute({ auth: 'admin', params: JobParamsSchema }, async ({ params }) => json(await (await jobService()).get(params.id)));
