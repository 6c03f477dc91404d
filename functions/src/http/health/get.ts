import type { Health } from '@app/contracts/health';
import { DomainError } from '@app/core/errors';
import { json } from '@app/platform/http/response';
import { buildDemoReplay } from '../../composition/demo-replay.ts';
import { buildHealth } from '../../composition/public-reads.ts';
import { httpRoute } from '../route.ts';

export const handler = httpRoute({ auth: 'public', areas: { health: buildHealth, demo: buildDemoReplay } }, async ({ health, demo }, { clock }) => {
  let replay;
  try {
    await health.check();
    replay = await demo.read();
  } catch (error) {
    throw new DomainError('unavailable', 'The table is not reachable', { cause: error });
  }
  const body: Health = { status: 'ok', table: 'reachable', time: clock.now().toISOString(), ...(replay ? { demo: replay } : {}) };
  return json(body);
});
