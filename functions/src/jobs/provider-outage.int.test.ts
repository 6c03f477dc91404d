import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeProviderServer, type RecordedRequest } from '@app/adapters/http/testing/fake-provider-server';
import { fixedClock } from '@app/core/clock';
import { footballDataWorld } from '../testing/football-data-world.ts';
import { startHttpStack, type TestClient } from '../testing/http-harness.ts';

/** The stack and the provider's world run on this clock (no test reads the wall clock). */
const clock = fixedClock('2026-11-22T12:00:00Z');
const world = footballDataWorld(clock.now().getTime());

let down = false;
const fdo = new FakeProviderServer();
fdo.handle = (req: RecordedRequest) => world.handle(req, (code) => (down && code === 'PD' ? { status: 503, body: { message: 'Service Unavailable' } } : undefined));

let stack: Awaited<ReturnType<typeof startHttpStack>>;
let admin: TestClient;
beforeAll(async () => {
  await fdo.start();
  stack = await startHttpStack({
    FOOTBALL_DATA_ORG_TOKEN: 'test-token',
    FOOTBALL_DATA_ORG_BASE_URL: fdo.url,
    LOCAL_QUEUE_VISIBILITY_SECONDS: '0',
  }, { clock });
  admin = await stack.adminClient();
}, 120_000);
afterAll(async () => {
  await stack.close();
  await fdo.stop();
});

describe('a football data provider outage', () => {
  it('retries with backoff, then fails only that league; the other leagues finish and existing predictions stay', async () => {
    // Only two leagues are configured at the stand-in server; the others are answered 404 (refused, not retried).
    const first = (await admin.post('/api/admin/generate-daily-predictions')).json.jobId;
    await stack.queue.drain();
    const before = (await stack.client().get('/api/predictions')).json as Array<{ leagueId: string; id: string }>;
    expect(before.some((p) => p.leagueId === 'SP1')).toBe(true);
    expect(before.some((p) => p.leagueId === 'E0')).toBe(true);
    expect((await admin.get(`/api/admin/jobs/${first}`)).json.status).toBe('done');

    down = true;
    const requestsBefore = fdo.requests.filter((r) => r.path.includes('/PD/')).length;
    const jobId = (await admin.post('/api/admin/generate-daily-predictions')).json.jobId;
    await stack.queue.drain();
    const job = (await admin.get(`/api/admin/jobs/${jobId}`)).json;
    expect(job.status).toBe('done');
    expect(job.failed).toBeGreaterThanOrEqual(1);
    expect(job.done).toBeGreaterThanOrEqual(1);
    // Every delivery retried the call with backoff: more than one request per delivery, five deliveries.
    expect(fdo.requests.filter((r) => r.path.includes('/PD/')).length - requestsBefore).toBeGreaterThanOrEqual(10);

    const after = (await stack.client().get('/api/predictions')).json as Array<{ id: string }>;
    const ids = new Set(after.map((p) => p.id));
    for (const p of before.filter((x) => x.leagueId === 'SP1')) expect(ids.has(p.id)).toBe(true);
  }, 300_000);
});
