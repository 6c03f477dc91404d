import type { Health } from '@app/contracts/health';
import { DomainError } from '@app/core/errors';
import { json } from '@app/platform/http/response';
import { buildHealth } from '../../composition/public-reads.ts';
import { httpRoute } from '../route.ts';

export const handler = httpRoute({ auth: 'public', areas: { health: buildHealth } }, async ({ health }, { clock }) => {
  try {
    await health.check();
  } catch (error) {
    throw new DomainError('unavailable', 'The table is not reachable', { cause: error });
  }
  const body: Health = { status: 'ok', table: 'reachable', time: clock.now().toISOString() };
  return json(body);
});
