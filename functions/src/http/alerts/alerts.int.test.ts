import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoJobRepository } from '@app/adapters/dynamodb/job-repository';
import { DynamoPredictionRepository } from '@app/adapters/dynamodb/prediction-repository';
import { AccountExportSchema } from '@app/contracts/account';
import { AlertsViewSchema } from '@app/contracts/alerts';
import { fixedClock } from '@app/core/clock';
import { ledgerEntriesOf } from '@app/core/ledger/entry';
import type { StoredPrediction } from '@app/core/predictions/prediction';
import { startHttpStack, type TestClient } from '../../../test/http-harness.ts';

const clock = fixedClock('2026-11-22T07:00:00Z');
let stack: Awaited<ReturnType<typeof startHttpStack>>;
let admin: TestClient;
let premium: TestClient;

beforeAll(async () => {
  stack = await startHttpStack({}, { clock });
  admin = await stack.adminClient();
  premium = await stack.premiumClient();
}, 120_000);
afterAll(() => stack.close());

/** A prediction published this morning with a value bet on the home side at Velox, +9 %. */
function published(fixtureId: string, leagueId: string): StoredPrediction {
  return {
    id: fixtureId,
    fixtureId,
    leagueId,
    leagueName: 'Northshire Premier',
    homeTeam: 'Kestrel Bay',
    awayTeam: 'Hollowmoor',
    kickoff: '2026-11-23T15:00:00.000Z',
    probabilities: { home: 0.5, draw: 0.27, away: 0.23 },
    overUnder25: { over: 0.52, under: 0.48 },
    valueBets: [{ market: 'home', odds: 2.18, edge: 0.09 }],
    bestOdds: { home: 2.18 },
    bestBookmakers: { home: 'Velox' },
    modelVersion: 'm@2026-11-22',
    generatedAt: '2026-11-22T06:05:00.000Z',
    origin: 'published',
    status: 'scheduled',
  };
}

async function runMetrics(): Promise<void> {
  expect((await admin.post('/api/admin/update-performance-metrics')).status).toBe(202);
  await stack.queue.drain();
}

describe('value-bet alerts', () => {
  it('are premium settings: 401 for visitors, 403 for free users, 400 for bad settings', async () => {
    expect((await stack.client().get('/api/alerts')).status).toBe(401);
    const free = stack.client();
    await stack.signIn(free);
    expect((await free.get('/api/alerts')).status).toBe(403);
    expect((await free.request('PUT', '/api/alerts', { body: { frequency: 'daily', leagues: [], minEdge: 5, bookmakers: [], markets: ['1x2'] } })).status).toBe(
      403,
    );
    const bad = await premium.request('PUT', '/api/alerts', { body: { frequency: 'hourly', leagues: [], minEdge: 500, bookmakers: [], markets: [] } });
    expect(bad.status).toBe(400);
    expect(AlertsViewSchema.parse((await premium.get('/api/alerts')).json).settings.frequency).toBe('off');
    expect(AccountExportSchema.parse((await free.get('/api/account/export')).json).alertSettings).toBeNull();
  });

  it('emails one digest per run with RFC 8058 unsubscribe headers, and the link turns alerts off without a session', async () => {
    const { table } = stack;
    const me = (await premium.get('/api/auth/me')).json as { user: { email: string } };
    const saved = await premium.request('PUT', '/api/alerts', {
      body: { frequency: 'daily', leagues: ['NSP'], minEdge: 5, bookmakers: ['Velox'], markets: ['1x2'] },
    });
    expect(saved.status).toBe(200);
    expect(AlertsViewSchema.parse(saved.json).settings).toMatchObject({ frequency: 'daily', leagues: ['NSP'], maxPerDay: 5 });
    // "Download my data" holds them as saved (a user who never saved any: null)
    expect(AccountExportSchema.parse((await premium.get('/api/account/export')).json).alertSettings).toMatchObject({
      frequency: 'daily',
      leagues: ['NSP'],
      bookmakers: ['Velox'],
      updatedAt: expect.any(String),
    });
    // A second subscriber wants value bets as they appear, at most 3 emails a day.
    const live = await stack.premiumClient();
    const liveMe = (await live.get('/api/auth/me')).json as { user: { id: string; email: string } };
    expect(
      (await live.request('PUT', '/api/alerts', { body: { frequency: 'realtime', leagues: [], minEdge: 5, bookmakers: [], markets: ['1x2'], maxPerDay: 3 } }))
        .status,
    ).toBe(200);

    // The pipeline publishes a matching value bet (and one in a league the subscriber did not choose), then the run finishes.
    const predictions = new DynamoPredictionRepository(table.doc, table.tableName);
    const now = clock.now();
    for (const p of [published('alert-f1', 'NSP'), published('alert-f2', 'VLP')])
      expect(await predictions.write(p, ledgerEntriesOf(p, 'published', now), { now })).toBe(true);
    const jobs = new DynamoJobRepository(table.doc, table.tableName);
    await jobs.create({
      id: 'GEN-ALERTS',
      type: 'generate',
      status: 'queued',
      requestedBy: 'schedule',
      tasks: [],
      total: 0,
      done: 0,
      failed: 0,
      createdAt: '2026-11-22T06:00:00.000Z',
    });
    await jobs.start('GEN-ALERTS', ['NSP'], new Date('2026-11-22T06:00:00Z'));
    await jobs.beginTask('GEN-ALERTS', 'NSP', new Date('2026-11-22T06:10:00Z'), new Date('2026-11-22T06:00:00Z'));
    await jobs.completeTask('GEN-ALERTS', 'NSP', 'done', 'ok', new Date('2026-11-22T06:06:00Z'));

    await runMetrics();
    await runMetrics();
    const outbox = await stack.outbox();
    // As they appear: the new flags of the run (both leagues), once, with the time the price was flagged.
    const liveMails = outbox.filter((m) => m.to === liveMe.user.email);
    expect(liveMails.map((m) => m.subject)).toEqual(['New value bets: 2 matching your alerts']);
    expect(liveMails[0]!.text).toContain('Home Win @ 2.18 (Velox), as of 07:00 UTC, +9.0 %');
    expect(liveMails[0]!.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    // The queue delivers the same request twice (SQS delivers at least once): the second sends nothing.
    const again = {
      type: 'email.requested',
      version: 1,
      template: 'value-alert',
      userId: liveMe.user.id,
      kind: 'realtime',
      setId: 'run:GEN-ALERTS',
      bets: [{ fixtureId: 'alert-f1', selection: 'home', odds: 2.18, bookmaker: 'Velox', edge: 0.09 }],
      requestedAt: clock.now().toISOString(),
    };
    stack.queue.sendRaw('email', JSON.stringify(again));
    expect((await stack.outbox()).filter((m) => m.to === liveMe.user.email)).toHaveLength(1);
    const mails = outbox.filter((m) => m.to === me.user.email && m.subject.includes('value bet'));
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.subject).toBe('1 value bet matching your alerts');
    expect(mail!.text).toContain('Kestrel Bay v Hollowmoor');
    expect(mail!.text).toContain('Home Win @ 2.18 (Velox), +9.0 %');
    expect(mail!.text).toContain('18+');
    expect(mail!.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const link = /^<(http:\/\/localhost:3000\/api\/alerts\/unsubscribe\?token=[^>]+)>$/.exec(mail!.headers?.['List-Unsubscribe'] ?? '');
    expect(link).not.toBeNull();
    const path = new URL(link![1]!).pathname + new URL(link![1]!).search;

    // A forged token changes nothing.
    const forged = path.replace(/token=([^.]+)\.(.)/, (_m, user: string, c: string) => `token=${user}.${c === 'A' ? 'B' : 'A'}`);
    const mailClient = stack.client();
    expect(
      (
        await mailClient.request('POST', forged, {
          rawBody: 'List-Unsubscribe=One-Click',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          origin: null,
        })
      ).status,
    ).toBe(400);
    expect(AlertsViewSchema.parse((await premium.get('/api/alerts')).json).settings.frequency).toBe('daily');
    // The mail provider's one-click POST: no cookie, no Origin of ours, a form body.
    const res = await mailClient.request('POST', path, {
      rawBody: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      origin: 'https://mail.example.net',
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ unsubscribed: true });
    expect(AlertsViewSchema.parse((await premium.get('/api/alerts')).json).settings.frequency).toBe('off');
  }, 60_000);
});
