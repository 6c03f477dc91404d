// My bets over HTTP against DynamoDB Local: a subscriber's own bets, theirs alone
// (docs/decisions/0300-my-bets.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoPredictionRepository } from '@app/adapters/dynamodb/prediction-repository';
import { MyBetsSchema, TrackedBetSchema } from '@app/contracts/my-bets';
import { DAY_MS, fixedClock } from '@app/core/clock';
import { ledgerEntriesOf } from '@app/core/ledger/entry';
import type { StoredPrediction } from '@app/core/predictions/prediction';
import { startHttpStack, type TestClient } from '../../../test/http-harness.ts';

const clock = fixedClock('2026-11-22T07:00:00Z');
let stack: Awaited<ReturnType<typeof startHttpStack>>;
let premium: TestClient;

/** A match in two days with a value flag on the home side at Northbet, 2.10. */
const flagged: StoredPrediction = {
  id: 'bets-f1',
  fixtureId: 'bets-f1',
  leagueId: 'NSP',
  leagueName: 'Northshire Premier',
  homeTeam: 'Kestrel Bay',
  awayTeam: 'Hollowmoor',
  kickoff: new Date(clock.now().getTime() + 2 * DAY_MS).toISOString(),
  probabilities: { home: 0.52, draw: 0.26, away: 0.22 },
  overUnder25: { over: 0.52, under: 0.48 },
  valueBets: [{ market: 'home', odds: 2.1, edge: 0.09, bookmaker: 'Northbet' }],
  bestOdds: { home: 2.1 },
  bestBookmakers: { home: 'Northbet' },
  modelVersion: 'm@2026-11-22',
  generatedAt: '2026-11-22T06:05:00.000Z',
  origin: 'published',
  status: 'scheduled',
};

beforeAll(async () => {
  stack = await startHttpStack({}, { clock });
  premium = await stack.premiumClient();
  const predictions = new DynamoPredictionRepository(stack.table.doc, stack.table.tableName);
  expect(await predictions.write(flagged, ledgerEntriesOf(flagged, 'published', clock.now()), { now: clock.now() })).toBe(true);
}, 120_000);
afterAll(() => stack.close());

const taken = { fixtureId: 'bets-f1', market: '1x2', selection: 'home', price: 2.05, bookmaker: 'Velox', stake: 20, fromFlag: true };

describe('my bets', () => {
  it('a subscriber takes a flag at their own price, adds one by hand, edits, exports and deletes', async () => {
    const added = await premium.post('/api/my-bets', taken);
    expect(added.status).toBe(201);
    expect(TrackedBetSchema.parse(added.json)).toMatchObject({ price: 2.05, bookmaker: 'Velox', flag: { price: 2.1, bookmaker: 'Northbet' }, result: null });
    const byHand = await premium.post('/api/my-bets', { fixtureId: 'bets-f1', market: 'ah', selection: 'away', line: 0.25, price: 1.92, stake: 15 });
    expect(byHand.status).toBe(201);
    const edited = await premium.request('PATCH', `/api/my-bets/${byHand.json.id}`, { body: { price: 1.95, bookmaker: 'Velox' } });
    expect(edited.json).toMatchObject({ price: 1.95, bookmaker: 'Velox', line: 0.25, stake: 15 });

    const listed = MyBetsSchema.parse((await premium.get('/api/my-bets')).json);
    expect(listed.bets.map((b) => b.id).sort()).toEqual([added.json.id, byHand.json.id].sort());
    expect(listed.totals).toMatchObject({ bets: 2, open: 2, staked: 35, tooFewToJudge: true, minBetsToJudge: 100 });
    expect(listed.canAdd).toBe(true);
    expect((await premium.get('/api/my-bets?market=ah')).json.bets).toHaveLength(1);
    expect((await premium.get('/api/my-bets?month=2026-13')).status).toBe(400);

    const csv = await premium.get('/api/my-bets.csv');
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename="my-bets-2026-11-22.csv"');
    expect(csv.text.trim().split('\n')).toHaveLength(3);
    expect((await premium.get('/api/account/export')).json.bets).toHaveLength(2);

    // The download imported into a second account: a dry run reports, the import writes both.
    const second = await stack.premiumClient();
    expect((await second.post('/api/my-bets/import', { csv: csv.text })).json).toEqual({ dryRun: true, rows: 2, kept: 2, refused: [], imported: 0 });
    expect((await second.post('/api/my-bets/import', { csv: csv.text, dryRun: false })).json).toMatchObject({ kept: 2, imported: 2 });
    expect((await second.get('/api/my-bets')).json.bets.map((b: { price: number }) => b.price).sort()).toEqual([1.95, 2.05]);
    expect((await second.post('/api/my-bets/import', { csv: 'not,an,export' })).status).toBe(400);

    expect((await premium.request('DELETE', `/api/my-bets/${byHand.json.id}`)).json).toEqual({ ok: true });
    expect((await premium.request('DELETE', `/api/my-bets/${byHand.json.id}`)).status).toBe(404);
  });

  it("is theirs alone: a visitor gets 401, another user's bet id 404, a free account reads but cannot add", async () => {
    const mine = (await premium.post('/api/my-bets', { ...taken, fromFlag: false })).json.id as string;
    const visitor = stack.client();
    expect((await visitor.get('/api/my-bets')).status).toBe(401);
    expect((await visitor.get('/api/my-bets.csv')).status).toBe(401);
    expect((await visitor.post('/api/my-bets', taken)).status).toBe(401);
    expect((await visitor.request('DELETE', `/api/my-bets/${mine}`)).status).toBe(401);

    // Another (free) user: reads their own empty list, cannot add, and cannot reach the subscriber's bet.
    const other = stack.client();
    await stack.signIn(other);
    expect((await other.get('/api/my-bets')).json).toMatchObject({ bets: [], canAdd: false });
    expect((await other.post('/api/my-bets', taken)).status).toBe(403);
    expect((await other.request('PATCH', `/api/my-bets/${mine}`, { body: { stake: 1 } })).status).toBe(404);
    expect((await other.request('DELETE', `/api/my-bets/${mine}`)).status).toBe(404);
    expect((await premium.get('/api/my-bets')).json.bets.find((b: { id: string }) => b.id === mine)).toMatchObject({ stake: 20 });
  });

  it('states each limit with a 4xx, and a break stops adding but not reading', async () => {
    const message = async (body: object) => {
      const res = await premium.post('/api/my-bets', { ...taken, ...body });
      return [res.status, res.json.issues?.[0]?.message ?? res.json.message];
    };
    expect(await message({ price: 1 })).toEqual([400, 'price must be at least 1.01']);
    expect(await message({ stake: 0 })).toEqual([400, 'stake must be more than 0']);
    expect(await message({ stake: 2_000_000 })).toEqual([400, 'stake must be at most 1,000,000']);
    expect(await message({ market: 'ah', line: 0.3 })).toEqual([400, 'line must be a multiple of 0.25']);
    expect(await message({ fixtureId: 'no-such-match' })).toEqual([404, 'No such match']);
    expect(await message({ selection: 'away' })).toEqual([404, 'No value flag on this selection']);
    expect((await premium.request('PATCH', '/api/my-bets/not-an-id', { body: { stake: 1 } })).status).toBe(400);

    const resting = await stack.premiumClient();
    expect((await resting.post('/api/my-bets', taken)).status).toBe(201);
    expect((await resting.post('/api/account/break', { duration: '24h' })).status).toBe(200);
    expect((await resting.post('/api/my-bets', taken)).status).toBe(403);
    expect((await resting.get('/api/my-bets')).json).toMatchObject({ canAdd: false, totals: { bets: 1 } });
  });

  it('a lapsed subscriber keeps reading, correcting and exporting their bets, and cannot add or import', async () => {
    const lapsing = await stack.premiumClient();
    const kept = (await lapsing.post('/api/my-bets', taken)).json.id as string;
    expect((await lapsing.post('/api/stripe/cancel-subscription')).status).toBe(200);
    // The local provider's month passes: the subscription ends (the others' renew).
    expect((await lapsing.request('POST', '/__local/billing/advance', { body: { seconds: 31 * 86_400 } })).status).toBe(200);
    expect((await lapsing.get('/api/auth/me')).json.user.subscriptionStatus).toBe('free');

    expect((await lapsing.get('/api/my-bets')).json).toMatchObject({ canAdd: false, bets: [{ id: kept, price: 2.05, stake: 20 }] });
    const csv = await lapsing.get('/api/my-bets.csv');
    expect(csv.status).toBe(200);
    expect(csv.text.trim().split('\n')[1]).toMatch(new RegExp(`^${kept},bets-f1,`));
    expect((await lapsing.request('PATCH', `/api/my-bets/${kept}`, { body: { stake: 25 } })).json).toMatchObject({ stake: 25 });
    expect((await lapsing.post('/api/my-bets', taken)).status).toBe(403);
    expect((await lapsing.post('/api/my-bets/import', { csv: csv.text, dryRun: false })).status).toBe(403);
    expect((await lapsing.get('/api/my-bets')).json.totals).toMatchObject({ bets: 1, staked: 25 });
  });
});
