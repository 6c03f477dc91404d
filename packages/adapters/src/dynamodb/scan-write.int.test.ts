import { beforeAll, describe, expect, it } from 'vitest';
import { ScanConflictError } from '@app/core/pipeline/ports';
import type { StoredFixture } from '@app/core/pipeline/ports';
import { newValueEntries } from '@app/core/pipeline/scan-rules';
import type { StoredPrediction } from '@app/core/predictions/prediction';
import { followFlags } from '@app/core/predictions/value-flags';
import { blankValueOnly } from '@app/core/pipeline/value-only';
import { DynamoFixtureRepository } from './fixture-repository.ts';
import { DynamoLedgerRepository } from './ledger-repository.ts';
import { DynamoPredictionRepository } from './prediction-repository.ts';
import { DynamoScanMarkRepository } from './scan-mark-repository.ts';
import { countingClient } from './testing/counting-client.ts';
import { createTestTable } from './testing/test-table.ts';

let table: Awaited<ReturnType<typeof createTestTable>>;
let counting: ReturnType<typeof countingClient>;
let store: DynamoPredictionRepository;
let ledger: DynamoLedgerRepository;
beforeAll(async () => {
  table = await createTestTable();
  counting = countingClient(table.doc);
  store = new DynamoPredictionRepository(counting.client, table.tableName);
  ledger = new DynamoLedgerRepository(table.doc, table.tableName);
});

const NOW = new Date('2026-11-22T13:00:00Z');
const LATER = new Date('2026-11-22T14:00:00Z');

function prediction(fixtureId: string, kickoff = '2026-11-23T15:00:00.000Z'): StoredPrediction {
  return {
    id: fixtureId,
    fixtureId,
    leagueId: 'L1',
    leagueName: 'League One',
    homeTeam: 'Rovers',
    awayTeam: 'United',
    kickoff,
    probabilities: { home: 0.45, draw: 0.3, away: 0.25 },
    overUnder25: { over: 0.52, under: 0.48 },
    valueBets: [],
    modelVersion: 'm@2026-11-22',
    generatedAt: '2026-11-22T06:00:00.000Z',
    status: 'scheduled',
  };
}

/** The prediction after a scan at `at` that flags `markets`. */
function rescanned(p: StoredPrediction, at: Date, markets: ('home' | 'away')[]): StoredPrediction {
  const flags = markets.map((market) => ({ market, odds: 2.6, edge: 0.08, bookmaker: 'William Hill', fairProbability: 0.415 }));
  return { ...p, ...followFlags(p, flags, at), valueScannedAt: at.toISOString() };
}

describe("the odds scan's write (docs/decisions/0295-one-owner-for-the-scan-write.md)", () => {
  it('writes the prediction and its new entries in one transaction, without reading the ledger', async () => {
    const p = prediction('sw1');
    await store.save(p);
    const updated = rescanned(p, NOW, ['home']);
    const entries = newValueEntries(p, updated, NOW);
    counting.reset();
    expect(await store.writeScan(updated, entries, { now: NOW, previous: p })).toEqual({ appended: entries });
    expect(Object.keys(counting.tally())).toEqual(['TransactWriteCommand']);
    expect(counting.tally().TransactWriteCommand!.calls).toBe(1);
    expect((await store.get('sw1'))?.valueScannedAt).toBe(NOW.toISOString());
    expect((await ledger.listForFixture('sw1')).map((e) => [e.id, e.price, e.forecastAt])).toEqual([['sw1~value-home', 2.6, NOW.toISOString()]]);
  });

  it('writes nothing of a prediction that kicked off', async () => {
    const p = prediction('sw2', '2026-11-22T12:00:00.000Z');
    await store.save(p);
    counting.reset();
    expect(await store.writeScan(rescanned(p, NOW, ['home']), [], { now: NOW, previous: p })).toBe('kicked-off');
    expect(counting.total().calls).toBe(0);
    expect((await store.get('sw2'))?.valueScannedAt).toBeUndefined();
  });

  it('refuses a prediction another writer changed since the scan read it: a domain error, nothing written', async () => {
    const p = prediction('sw3');
    await store.save(p);
    // the scan read p; a generation run (new generatedAt), then another scan (new valueScannedAt), write before it
    const regenerated = { ...p, generatedAt: '2026-11-22T12:30:00.000Z' };
    await store.save(regenerated);
    const mine = rescanned(p, NOW, ['home']);
    await expect(store.writeScan(mine, newValueEntries(p, mine, NOW), { now: NOW, previous: p })).rejects.toBeInstanceOf(ScanConflictError);
    const other = rescanned(regenerated, NOW, []);
    expect(await store.writeScan(other, [], { now: NOW, previous: regenerated })).toEqual({ appended: [] });
    const late = rescanned(regenerated, LATER, ['home']);
    await expect(store.writeScan(late, newValueEntries(regenerated, late, LATER), { now: LATER, previous: regenerated })).rejects.toThrow(
      'The prediction of sw3 changed since the scan read it',
    );
    expect(await store.get('sw3')).toMatchObject({ generatedAt: '2026-11-22T12:30:00.000Z', valueScannedAt: NOW.toISOString(), valueBets: [] });
    expect(await ledger.listForFixture('sw3')).toEqual([]);
  });

  it('leaves out an entry the ledger holds already (named by the cancelled transaction), and writes the rest', async () => {
    const p = prediction('sw4');
    await store.save(p);
    const first = rescanned(p, NOW, ['home']);
    await store.writeScan(first, newValueEntries(p, first, NOW), { now: NOW, previous: p });
    // the home flag's 'flagged' event is no longer kept: to the rule both flags are new
    const forgotten = { ...first, valueBets: [], valueHistory: [] };
    const second = rescanned(forgotten, LATER, ['home', 'away']);
    const entries = newValueEntries(forgotten, second, LATER);
    expect(entries.map((e) => e.id)).toEqual(['sw4~value-home', 'sw4~value-away']);
    counting.reset();
    const out = await store.writeScan(second, entries, { now: LATER, previous: first });
    expect(out).toEqual({ appended: [entries[1]] });
    expect(counting.tally()).toEqual({ TransactWriteCommand: expect.objectContaining({ calls: 2 }) });
    // the held entry is as it was first written
    expect((await ledger.listForFixture('sw4')).map((e) => [e.id, e.forecastAt])).toEqual([
      ['sw4~value-away', LATER.toISOString()],
      ['sw4~value-home', NOW.toISOString()],
    ]);
  });
});

describe('flag-only records of leagues without history (docs/decisions/0312-value-flags-in-every-league-with-a-sharp-price.md)', () => {
  it('writes the first one only if none is stored, apart from the forecasts, and the next ones as a prediction', async () => {
    const blank = blankValueOnly(
      { id: 'vo1', leagueId: 'AUT', leagueName: 'Bundesliga', homeTeam: 'Sturm Graz', awayTeam: 'Rapid Wien', kickoff: '2026-11-23T15:00:00.000Z' },
      NOW,
    );
    const first = rescanned(blank, NOW, ['home']);
    const entries = newValueEntries(blank, first, NOW);
    expect(await store.writeScan(first, entries, { now: NOW, previous: blank })).toEqual({ appended: entries });
    // a second scan that also read none (it overlapped) writes nothing
    await expect(store.writeScan(first, entries, { now: NOW, previous: blank })).rejects.toBeInstanceOf(ScanConflictError);
    // listed by its own index only: no forecast read (predictions by day, the match page's get) meets it
    const window = [new Date('2026-11-23T00:00:00Z'), new Date('2026-11-23T23:59:59Z')] as const;
    expect((await store.listValueOnlyByKickoff(...window)).map((p) => [p.fixtureId, p.valueOnly, p.valueBets.length])).toEqual([['vo1', true, 1]]);
    expect((await store.listByKickoff(...window)).map((p) => p.fixtureId)).not.toContain('vo1');
    expect(await store.get('vo1')).toBeUndefined();
    // read on its own by the alert email that announces it
    expect(await store.getValueOnly('vo1')).toMatchObject({ fixtureId: 'vo1', valueOnly: true, leagueName: 'Bundesliga' });
    expect((await ledger.listForFixture('vo1')).map((e) => [e.id, e.modelVersion])).toEqual([['vo1~value-home', 'value-only']]);
    // the next scan writes on the record as it read it
    const stored = (await store.listValueOnlyByKickoff(...window))[0]!;
    const withdrawn = rescanned(stored, LATER, []);
    expect(await store.writeScan(withdrawn, [], { now: LATER, previous: stored })).toEqual({ appended: [] });
    expect((await store.listValueOnlyByKickoff(...window))[0]!.valueHistory!.map((e) => e.event)).toEqual(['flagged', 'withdrawn']);

    // settled in its own item with its entry's outcome, once, when the odds feed reports it completed (docs/decisions/0297-results-for-flag-only-leagues.md)
    const played = { ...(await store.getValueOnly('vo1'))!, status: 'settled' as const, result: { home: 2, away: 0 }, actualResult: 'Home win 2-0' };
    const outcome = { result: 'won' as const, score: { home: 2, away: 0 }, settledAt: '2026-11-23T17:00:00.000Z', profit: { flat: 1.2, kelly: 0.3 } };
    expect(await store.settle(played, [{ entryId: 'vo1~value-home', fixtureId: 'vo1', outcome }])).toBe(true);
    expect(await store.settle(played, [{ entryId: 'vo1~value-home', fixtureId: 'vo1', outcome }])).toBe(false);
    expect(await store.getValueOnly('vo1')).toMatchObject({ status: 'settled', result: { home: 2, away: 0 }, valueOnly: true });
    expect(await store.get('vo1')).toBeUndefined();
    expect((await ledger.listForFixture('vo1'))[0]).toMatchObject({ result: 'won', profit: { flat: 1.2 } });
  });
});

describe('fixtures by match day, and the scan marks', () => {
  const fixture = (id: string, kickoff: string): StoredFixture => ({
    id,
    leagueId: 'L1',
    season: '2026-27',
    kickoff,
    homeTeam: `H${id}`,
    awayTeam: `A${id}`,
    status: 'scheduled',
    leagueName: 'League One',
    updatedAt: NOW.toISOString(),
  });

  it('reads the fixtures of a window in one Query per UTC day, whatever their number', async () => {
    const counted = countingClient(table.doc);
    const fixtures = new DynamoFixtureRepository(counted.client, table.tableName);
    const list = Array.from({ length: 120 }, (_, i) => fixture(`bd${i}`, new Date(Date.parse('2026-12-05T10:00:00Z') + i * 30 * 60_000).toISOString()));
    await fixtures.saveAll(list);
    counted.reset();
    const read = await fixtures.listByKickoff(new Date('2026-12-05T12:00:00Z'), new Date('2026-12-07T12:00:00Z'));
    expect(read.map((f) => f.id)).toEqual(
      list.filter((f) => f.kickoff >= '2026-12-05T12:00:00.000Z' && f.kickoff <= '2026-12-07T12:00:00.000Z').map((f) => f.id),
    );
    expect(read[0]).toEqual(list[4]);
    expect(counted.tally()).toEqual({ QueryCommand: expect.objectContaining({ calls: 3 }) });
  });

  it('keeps one mark per league, read one at a time or all in one Query', async () => {
    const marks = new DynamoScanMarkRepository(table.doc, table.tableName);
    await marks.saveAll([
      { leagueId: 'E0', at: NOW.toISOString(), unchanged: { f1: NOW.toISOString() } },
      { leagueId: 'SP1', at: NOW.toISOString(), unchanged: {} },
    ]);
    await marks.saveAll([{ leagueId: 'E0', at: LATER.toISOString(), unchanged: { f2: LATER.toISOString() } }]);
    expect(await marks.all()).toEqual([
      { leagueId: 'E0', at: LATER.toISOString(), unchanged: { f2: LATER.toISOString() } },
      { leagueId: 'SP1', at: NOW.toISOString(), unchanged: {} },
    ]);
    expect(await marks.get('SP1')).toEqual({ leagueId: 'SP1', at: NOW.toISOString(), unchanged: {} });
    expect(await marks.get('D1')).toBeUndefined();
  });
});
