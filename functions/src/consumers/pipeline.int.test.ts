import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqsEvent } from '@app/events/samples';
import type { Context } from 'aws-lambda';
import { fixedClock } from '@app/core/clock';
import { jobTimings } from '@app/events/queues';
import { PredictionListSchema } from '@app/contracts/predictions';
import { SimulationHistorySchema, SimulationSchema, TeamPageSchema } from '@app/contracts/seasons';
import { startHttpStack, uniqueEmail, type TestClient } from '../../test/http-harness.ts';

/** The whole stack runs on this clock: no test depends on the day it runs (or on midnight UTC). */
const clock = fixedClock('2026-11-22T12:00:00Z');
let stack: Awaited<ReturnType<typeof startHttpStack>>;
let admin: TestClient;

beforeAll(async () => {
  stack = await startHttpStack({}, { clock });
  admin = await stack.adminClient();
}, 120_000);
afterAll(() => stack.close());

async function runJob(path: string) {
  const res = await admin.post(path);
  expect(res.status).toBe(202);
  await stack.queue.drain();
  return res.json.jobId as string;
}

describe('the data pipeline with the demo leagues', () => {
  it('a first generation imports history, backfills 30 days and predicts the week ahead; metrics follow', async () => {
    const jobId = await runJob('/api/admin/generate-daily-predictions');
    const job = (await admin.get(`/api/admin/jobs/${jobId}`)).json;
    expect(job).toMatchObject({ type: 'generate', status: 'done', total: 3, done: 3, failed: 0 });
    expect(job.finishedAt).toEqual(expect.any(String));

    const predictions = (await stack.client().get('/api/predictions')).json as Array<{ matchTime: string; isLocked: boolean; forecastSource: string | null }>;
    // A week of two leagues' rounds at least (the demo's summer breaks never overlap): 10 and 9 matches.
    expect(predictions.filter((p) => Date.parse(p.matchTime) > clock.now().getTime()).length).toBeGreaterThanOrEqual(19);
    expect(predictions.every((p) => p.isLocked)).toBe(true);
    // The demo's late markets: a fixture published before its odds open is forecast from past market prices, and says
    // so on a locked card too; within two days of kickoff every fixture has its odds (docs/decisions/0291-forecasts-from-market-memory-in-the-product.md).
    const fromMemory = predictions.filter((p) => p.forecastSource === 'memory');
    expect(fromMemory.length).toBeGreaterThan(0);
    expect(fromMemory.every((p) => Date.parse(p.matchTime) - clock.now().getTime() > 48 * 3_600_000)).toBe(true);
    expect(predictions.filter((p) => Date.parse(p.matchTime) > clock.now().getTime()).some((p) => p.forecastSource === 'market')).toBe(true);

    // Backfilled predictions never pass for published ones (docs/decisions/0090-published-and-backfilled-predictions.md):
    // the headline and every trend point are labelled back-tested, and the staff's tracking says which row is which.
    const metrics = (await stack.client().get('/api/metrics/latest')).json;
    expect(metrics).toMatchObject({ date: '2026-11-22', basis: 'backtest', publishedPredictions: 0 });
    expect(metrics.backfilledPredictions).toBeGreaterThan(10);
    expect(metrics.totalPredictions).toBe(metrics.backfilledPredictions);
    expect(metrics.winAccuracy).toBeGreaterThan(0);
    const trend = (await stack.client().get('/api/metrics/trend')).json as Array<{ basis: string }>;
    expect(trend.length).toBeGreaterThan(20);
    expect(trend.every((p) => p.basis === 'backtest')).toBe(true);

    const rows = (await admin.get('/api/tracking/predictions?days=7')).json as Array<{ isCorrect: boolean | null; confidence: number; basis: string }>;
    expect(rows.filter((r) => r.basis === 'published').every((r) => r.isCorrect === null)).toBe(true);
    expect(rows.filter((r) => r.basis === 'backtest').some((r) => r.isCorrect !== null)).toBe(true);
    expect(rows.every((r) => r.confidence >= 60)).toBe(true);
  }, 180_000);

  it('simulates every league 10,000 times, serves team pages for every team, and gives premium cards every market from the grid', async () => {
    const anon = stack.client();
    const predictions = (await anon.get('/api/predictions')).json as Array<{ leagueId: string; homeTeamSlug: string; awayTeamSlug: string; markets: unknown }>;
    const tenths = (xs: number[]) => Math.round(xs.reduce((s, v) => s + v, 0) * 10);
    // The demo's leagues: 20, 20 and 18 clubs.
    for (const [leagueId, clubs] of [
      ['NSP', 20],
      ['VLP', 20],
      ['OSL', 18],
    ] as const) {
      const res = await anon.get(`/api/simulations/${leagueId}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toContain('public');
      const sim = SimulationSchema.parse(res.json);
      expect(sim.simulations).toBeGreaterThanOrEqual(10_000);
      expect(sim.teams).toHaveLength(clubs);
      for (const t of sim.teams) expect(tenths(t.position)).toBe(1000);
      for (let place = 0; place < clubs; place++) expect(tenths(sim.teams.map((t) => t.position[place]!))).toBe(1000);
      const history = SimulationHistorySchema.parse((await anon.get(`/api/simulations/${leagueId}/history`)).json);
      expect(history.days.map((d) => d.date)).toEqual(['2026-11-22']);
    }
    expect((await anon.get('/api/simulations/NOPE')).status).toBe(404);
    expect((await anon.get('/api/simulations/no%2Fpe')).status).toBe(400);

    const slugs = [...new Set(predictions.flatMap((p) => [p.homeTeamSlug, p.awayTeamSlug]))];
    expect(slugs.length).toBeGreaterThan(20);
    for (const slug of slugs) {
      const page = await anon.get(`/api/teams/${slug}`);
      expect(page.status, slug).toBe(200);
      const team = TeamPageSchema.parse(page.json);
      expect(team.fixtures.every((f) => f.isLocked && f.markets === null)).toBe(true);
      expect(team.simulation?.simulations).toBeGreaterThanOrEqual(10_000);
    }
    expect((await anon.get('/api/teams/no-such-club')).status).toBe(404);
    expect(predictions.every((p) => p.markets === null)).toBe(true);

    const premium = PredictionListSchema.parse((await (await stack.premiumClient()).get('/api/predictions')).json);
    for (const p of premium.filter((x) => Date.parse(x.matchTime) > clock.now().getTime())) {
      const m = p.markets!;
      // Double chance is the sum of two 1X2 outcomes (each shown to one decimal).
      expect(Math.abs(m.doubleChance.homeOrDraw - p.homeWinProb! - p.drawProb!)).toBeLessThanOrEqual(0.2);
      expect(Math.abs(m.doubleChance.homeOrAway - p.homeWinProb! - p.awayWinProb!)).toBeLessThanOrEqual(0.2);
      expect(Math.abs(m.doubleChance.drawOrAway - p.drawProb! - p.awayWinProb!)).toBeLessThanOrEqual(0.2);
      expect(m.overUnder['1.5']).toBeGreaterThan(m.overUnder['2.5']);
      expect(m.overUnder['2.5']).toBeGreaterThan(m.overUnder['3.5']);
      expect(m.overUnder['2.5']).toBe(p.overUnder25);
      expect(m.asianHandicap.map((l) => l.line)).toEqual(Array.from({ length: 21 }, (_, i) => -2.5 + i * 0.25));
    }
  }, 120_000);

  it('answers tracking periods other than 1, 7 and 30 with 400, and guards admin routes', async () => {
    expect((await admin.get('/api/tracking/predictions?days=2')).status).toBe(400);
    expect((await admin.get('/api/tracking/predictions')).status).toBe(400);
    const anon = stack.client();
    expect((await anon.get('/api/admin/winning-predictions')).status).toBe(401);
    expect((await anon.post('/api/admin/generate-daily-predictions')).status).toBe(401);
    const user = stack.client();
    await stack.signIn(user, uniqueEmail('plain'));
    expect((await user.get('/api/admin/winning-predictions')).status).toBe(403);
    expect((await user.get('/api/tracking/predictions?days=7')).status).toBe(403);
    expect((await user.post('/api/admin/fetch-match-results')).status).toBe(403);
  });

  it('takes corrected odds only for a settled pick, only above 1.00 and within the documented range, and shows them on the staff page', async () => {
    const rows = (await admin.get('/api/admin/winning-predictions')).json as Array<{
      id: string;
      hasResult: boolean;
      actualResult: string;
      winningOdds: number | null;
    }>;
    const won = rows.find((r) => r.hasResult)!;
    const upcoming = rows.find((r) => !r.hasResult)!;
    expect(upcoming.actualResult).toBe('Match not finished');
    expect((await admin.post('/api/admin/update-odds', { predictionId: won.id, odds: 1 })).status).toBe(400);
    expect((await admin.post('/api/admin/update-odds', { predictionId: upcoming.id, odds: 2 })).status).toBe(409);
    expect((await admin.post('/api/admin/update-odds', { predictionId: 'nope~1x2', odds: 2 })).status).toBe(404);
    expect((await admin.post('/api/admin/update-odds', { predictionId: won.id, odds: 999 })).status).toBe(400);
    // within 10 % of the price taken (or, without one, up to 1.5 times the fair odds)
    const corrected = won.winningOdds === null ? 1.2 : Math.round(won.winningOdds * 1.05 * 100) / 100;
    expect((await admin.post('/api/admin/update-odds', { predictionId: won.id, odds: corrected })).status).toBe(200);
    const after = (await admin.get('/api/admin/winning-predictions')).json as Array<{ id: string; winningOdds: number }>;
    expect(after.find((r) => r.id === won.id)?.winningOdds).toBe(corrected);
  });

  it('runs result ingestion and metrics from the admin buttons to the end', async () => {
    for (const path of ['/api/admin/fetch-match-results', '/api/admin/update-performance-metrics']) {
      const jobId = await runJob(path);
      expect((await admin.get(`/api/admin/jobs/${jobId}`)).json.status).toBe('done');
    }
  }, 120_000);

  it('redelivering a task message duplicates nothing', async () => {
    const before = (await admin.get('/api/tracking/predictions?days=30')).json.length;
    const jobId = await runJob('/api/admin/generate-daily-predictions');
    const job = (await admin.get(`/api/admin/jobs/${jobId}`)).json;
    const { handler: consumer } = await import('./generate-predictions.ts');
    const handler = consumer.on(stack.base);
    const res = await handler(
      sqsEvent([{ type: 'league-task.assigned', version: 1, jobId, jobType: 'generate', key: 'NSP' }], 'prediction-generation'),
      {} as Context,
    );
    expect(res.batchItemFailures).toEqual([]);
    expect((await admin.get(`/api/admin/jobs/${jobId}`)).json).toMatchObject({ done: job.done, failed: job.failed, total: job.total });
    expect((await admin.get('/api/tracking/predictions?days=30')).json.length).toBe(before);
  }, 120_000);

  it('a task whose consumer died after starting it completes on redelivery, once its lease has expired', async () => {
    const jobs = await stack.composition.jobService();
    const job = await jobs.request('results', 'cli');
    // The planner runs, then the worker "dies" right after taking one task's lease.
    await stack.queue.deliverOnce('jobs-planner');
    const { DynamoJobRepository } = await import('@app/adapters/dynamodb/job-repository');
    const repo = new DynamoJobRepository(stack.table.doc, stack.table.tableName);
    const [first] = await repo.tasks(job.id);
    expect(await repo.beginTask(job.id, first!.key, new Date(clock.now().getTime() + jobTimings.taskLeaseMs), clock.now())).toMatchObject({ state: 'started' });
    clock.advance(jobTimings.taskLeaseMs + 1);
    await stack.queue.drain();
    expect((await jobs.get(job.id)).status).toBe('done');
    const tasks = await repo.tasks(job.id);
    expect(tasks.every((t) => t.status === 'done')).toBe(true);
    // The dead consumer's attempt counts: the task that was taken over ran twice.
    expect(tasks.find((t) => t.key === first!.key)?.attempts).toBe(2);
  }, 120_000);

  it('sends a malformed message to the dead-letter queue after one attempt', async () => {
    stack.queue.sendRaw('prediction-generation', '{"type":"league-task.assigned","version":1');
    stack.queue.sendRaw('result-ingestion', JSON.stringify({ type: 'league-task.assigned', version: 99, jobId: 'x', jobType: 'results', key: 'A' }));
    await stack.queue.drain();
    expect(stack.queue.deadLetters('prediction-generation').map((d) => d.body)).toEqual(['{"type":"league-task.assigned","version":1']);
    expect(stack.queue.deadLetters('result-ingestion')).toHaveLength(1);
    expect(stack.queue.depth('prediction-generation') + stack.queue.depth('result-ingestion')).toBe(0);
  });
});
