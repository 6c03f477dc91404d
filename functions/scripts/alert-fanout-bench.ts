// `npm run bench` (functions part `alerts`): the value-bet alert fan-out with BENCH_ALERT_SUBSCRIBERS (100,000 by
// default) subscribers on DynamoDB Local and the local queue, on virtual time (functions/test/alert-fanout-simulation.ts).
// Its own process (after local/env.ts, which loads the `.txt` modules as the bundles inline them): the composition reads the environment this sets. Prints the figures and writes bench-results/alerts.json.
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { startDynamoDbLocal } from '@app/adapters/dynamodb/local-server';
import { ensureTable } from '@app/adapters/dynamodb/table-admin';
import type { NewValueFlag } from '@app/core/alerts/ports';
import { fixedClock } from '@app/core/clock';
import { BUDGET_MS, seedSubscribers, simulateFanout } from '../test/alert-fanout-simulation.ts';

const subscribers = Number(process.env.BENCH_ALERT_SUBSCRIBERS ?? 100_000);
const flaggedAt = '2026-11-22T12:00:00.000Z';
const flags: NewValueFlag[] = [
  { fixtureId: 'bench-f1', leagueId: 'E0', market: '1x2', selection: 'home', price: 2.3, bookmaker: 'Velox', edge: 0.06, flaggedAt },
  { fixtureId: 'bench-f2', leagueId: 'SP1', market: 'ou25', selection: 'over25', price: 2.05, bookmaker: 'Fortuna', edge: 0.04, flaggedAt },
];

const dynamo = await startDynamoDbLocal();
try {
  const tableName = 'AlertBench';
  Object.assign(process.env, {
    STAGE: 'local',
    APP_ORIGIN: 'http://localhost:3000',
    TABLE_NAME: tableName,
    DYNAMODB_ENDPOINT: dynamo.endpoint,
    QUEUE_DRIVER: 'local',
    SESSION_SECRET: randomBytes(32).toString('base64url'),
    STRIPE_WEBHOOK_SECRET: 'whsec_local_bench',
    LOG_LEVEL: 'ERROR',
    POWERTOOLS_LOG_LEVEL: 'ERROR',
    // DynamoDB Local serialises transactions and times out on many at once (DynamoDB does not): fewer claims in flight.
    ALERT_CLAIMS_IN_FLIGHT: '4',
    // The invocation's real time on a busy laptop is far longer than its virtual time: no local time limit cuts it short
    // (virtual time still decides when a shard hands its cursor on).
    LOCAL_QUEUE_TIMEOUT_SECONDS: '900',
    // As on AWS: 6 x the consumer's 60 s.
    LOCAL_QUEUE_VISIBILITY_SECONDS: '360',
  });
  const clock = fixedClock(flaggedAt);
  const { localBase, localQueue } = await import('../local/adapters.ts');
  const base = localBase({ clock });
  const { doc } = base;
  await ensureTable(doc, tableName);
  let t = performance.now();
  const expected = await seedSubscribers({ doc, tableName }, subscribers);
  const seedSeconds = (performance.now() - t) / 1000;
  t = performance.now();
  const report = await simulateFanout({ queue: localQueue(base), base, clock }, expected, subscribers, flags);
  const wallSeconds = (performance.now() - t) / 1000;
  console.log(
    `\nValue-bet alerts fanned out by queue, ${subscribers.toLocaleString('en')} subscribers with alerts on (virtual time, modelled AWS latencies, ${report.lanes} consumer lanes):`,
  );
  console.log(
    `  emails enqueued: ${report.emailed.toLocaleString('en')} of ${report.expected.toLocaleString('en')} expected (the rest on a break, self-excluded, no longer premium or following a league without a flag); duplicates ${report.duplicates}, unexpected ${report.unexpected}`,
  );
  console.log(
    `  last enqueued ${(report.lastEnqueuedMs / 1000).toFixed(1)} s after the flag (median ${(report.medianEnqueuedMs / 1000).toFixed(1)} s); target ${BUDGET_MS / 60_000} min: ${report.withinBudget ? 'met' : 'MISSED'}`,
  );
  console.log(
    `  messages: ${report.messages.shard} shard, ${report.messages.batch} batch, ${report.messages.email.toLocaleString('en')} email requests; ${report.invocations} consumer invocations`,
  );
  console.log(`  on this machine: seeding ${seedSeconds.toFixed(0)} s, the simulation ${wallSeconds.toFixed(0)} s of wall time (DynamoDB Local, one process)`);
  const out = resolve(process.env.USER_CWD ?? resolve(import.meta.dirname, '..', '..'), 'bench-results');
  mkdirSync(out, { recursive: true });
  writeFileSync(
    join(out, 'alerts.json'),
    JSON.stringify({ ...report, seedSeconds: +seedSeconds.toFixed(1), wallSeconds: +wallSeconds.toFixed(1), at: new Date().toISOString() }, null, 2),
  );
  process.exitCode = report.withinBudget && report.duplicates === 0 && report.unexpected === 0 ? 0 : 1;
} finally {
  await dynamo.stop();
}
