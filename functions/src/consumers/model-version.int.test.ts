import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoModelStateRepository } from '@app/adapters/dynamodb/model-state-repository';
import { startHttpStack, type TestClient } from '../../test/http-harness.ts';

// A deploy that changes MODEL_VERSION lands after the day's generation: the states fitted earlier that
// day carry the old version, and the next run must refit instead of reusing them (predictFixture refuses
// a state of another version, so reuse failed every league until midnight).
let stack: Awaited<ReturnType<typeof startHttpStack>>;
let admin: TestClient;

beforeAll(async () => {
  stack = await startHttpStack();
  admin = await stack.adminClient();
}, 120_000);
afterAll(() => stack.close());

async function generate() {
  const res = await admin.post('/api/admin/generate-daily-predictions');
  expect(res.status).toBe(202);
  await stack.queue.drain();
  return (await admin.get(`/api/admin/jobs/${res.json.jobId as string}`)).json as { status: string; total: number; done: number; failed: number };
}

describe('a model version bump in the middle of the day', () => {
  it('refits the states fitted earlier that day under the old version, and every league still generates', async () => {
    expect(await generate()).toMatchObject({ status: 'done', failed: 0 });
    const models = new DynamoModelStateRepository(stack.table.doc, stack.table.tableName);
    const leagues = (await (await stack.composition.leagueRepository()).listActive()).map((l) => l.id);
    expect(leagues.length).toBeGreaterThan(0);
    const current = (await models.latest(leagues[0]!))!.version;
    for (const league of leagues) {
      const state = (await models.latest(league))!;
      expect(state.version).toBe(current);
      await models.save(league, { ...state, version: 'fp-ensemble-0.0.1-before-deploy' });
      expect((await models.latest(league))!.version).toBe('fp-ensemble-0.0.1-before-deploy');
    }

    const job = await generate();
    expect(job).toMatchObject({ status: 'done', total: leagues.length, done: leagues.length, failed: 0 });
    for (const league of leagues) expect((await models.latest(league))!.version).toBe(current);
  }, 180_000);
});
