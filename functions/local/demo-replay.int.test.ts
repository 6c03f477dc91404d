import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoLedgerRepository } from '@app/adapters/dynamodb/ledger-repository';
import { DynamoSettingRepository } from '@app/adapters/dynamodb/setting-repository';
import { DAY_MS, fixedClock } from '@app/core/clock';
import { HealthSchema } from '@app/contracts/health';
import { startHttpStack } from '../test/http-harness.ts';
import { DEMO_REPLAY_SETTINGS } from '../src/composition/demo-replay.ts';
import { table } from '../src/composition/tables.ts';
import { replaySteps, runReplay } from './demo-replay.ts';
import { replayRunnerOn } from './stack.ts';

/** The replay ends here, on the demo clock: three days of it (the full 30 cost the same per day). */
const to = new Date('2026-11-22T12:00:00Z');
const clock = fixedClock(to);
let stack: Awaited<ReturnType<typeof startHttpStack>>;

beforeAll(async () => {
  stack = await startHttpStack({}, { clock });
}, 120_000);
afterAll(() => stack.close());

describe("the demo's replay through the real pipeline", () => {
  it('publishes before kickoff in demo time and settles in the evening; back-tested entries only from the run that added the leagues', async () => {
    const steps = replaySteps(to, 3);
    await runReplay(steps, clock, await replayRunnerOn(stack.base, stack.queue), () => undefined);
    const leaguesAdded = steps[0]!.at.getTime();

    const entries = await table(stack.base, DynamoLedgerRepository).listByKickoff(new Date(to.getTime() - 40 * DAY_MS), new Date(to.getTime() + 7 * DAY_MS));
    const published = entries.filter((e) => e.basis === 'published');
    const settled = published.filter((e) => e.result && e.result !== 'void');
    // Friday's and Saturday's matches: published on a replayed morning (or at a scan), settled by an evening's results run.
    expect(settled.length).toBeGreaterThan(5);
    for (const e of published) {
      expect(Date.parse(e.forecastAt), e.id).toBeLessThan(Date.parse(e.kickoff));
      expect(Date.parse(e.forecastAt), e.id).toBeGreaterThanOrEqual(leaguesAdded);
      expect(Date.parse(e.recordedAt), e.id).toBeLessThan(Date.parse(e.kickoff));
    }
    // Made on the replayed mornings and scans, not all at the first one: the days were lived one by one.
    expect(new Set(published.map((e) => e.forecastAt.slice(0, 10))).size).toBeGreaterThan(1);
    // The league without a forecast (docs/decisions/0297-results-for-flag-only-leagues.md): flags from the odds feed's own
    // fixtures, published before kickoff like the rest (above), settled from the feed's results at their closing price.
    const flagOnly = published.filter((e) => e.modelVersion === 'value-only');
    expect(flagOnly.length).toBeGreaterThan(0);
    expect(flagOnly.every((e) => e.leagueId === 'LDM' && e.kind === 'value')).toBe(true);
    expect(flagOnly.some((e) => e.result && e.result !== 'void' && e.closing)).toBe(true);
    const backtest = entries.filter((e) => e.basis === 'backtest');
    expect(backtest.length).toBeGreaterThan(0);
    expect(backtest.every((e) => Date.parse(e.kickoff) <= leaguesAdded)).toBe(true);
  }, 600_000);

  it('health names the demo only once the local stack recorded its replay, and says while it runs', async () => {
    const health = async () => HealthSchema.parse((await stack.client().get('/api/health')).json).demo;
    expect(await health()).toBeUndefined();
    const settings = table(stack.base, DynamoSettingRepository);
    await settings.getOrCreate(DEMO_REPLAY_SETTINGS.window, () => ({ from: '2026-10-24T06:00:00.000Z', to: to.toISOString() }));
    expect(await health()).toEqual({ replayedFrom: '2026-10-24T06:00:00.000Z', replayedTo: to.toISOString(), replaying: true });
    await settings.getOrCreate(DEMO_REPLAY_SETTINGS.done, () => ({ at: to.toISOString() }));
    expect(await health()).toMatchObject({ replaying: false });
  });
});
