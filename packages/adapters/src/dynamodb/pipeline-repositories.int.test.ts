import { EMPTY_HEAD, sealCorrection, verifyCorrections } from '@app/core/ledger/corrections';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { sealPublished } from '@app/core/ledger/digest';
import { ledgerEntriesOf, outcomeOf } from '@app/core/ledger/entry';
import type { StoredPrediction } from '@app/core/predictions/prediction';
import { jobRepositoryContract } from '@app/core/testing/job-repository.contract';
import { DynamoFixtureRepository } from './fixture-repository.ts';
import { DynamoHistoryRepository } from './history-repository.ts';
import { DynamoJobRepository } from './job-repository.ts';
import { keys } from './keys.ts';
import { DynamoLedgerRepository } from './ledger-repository.ts';
import { DynamoPredictionRepository } from './prediction-repository.ts';
import { createTestTable } from './testing/test-table.ts';

let table: Awaited<ReturnType<typeof createTestTable>>;
let store: DynamoPredictionRepository;
let ledger: DynamoLedgerRepository;
beforeAll(async () => {
  table = await createTestTable();
  store = new DynamoPredictionRepository(table.doc, table.tableName);
  ledger = new DynamoLedgerRepository(table.doc, table.tableName);
});

function prediction(fixtureId: string, kickoff: string, home = 0.65, generatedAt = '2026-11-22T06:00:00.000Z'): StoredPrediction {
  return {
    id: fixtureId,
    fixtureId,
    leagueId: 'L1',
    leagueName: 'League One',
    homeTeam: 'Rovers',
    awayTeam: 'United',
    kickoff,
    probabilities: { home, draw: (1 - home) / 2, away: (1 - home) / 2 },
    overUnder25: { over: 0.62, under: 0.38 },
    valueBets: [],
    bestOdds: { home: 1.7, over25: 1.8 },
    bestBookmakers: { home: 'Velox' },
    modelVersion: 'm@2026-11-22',
    generatedAt,
    status: 'scheduled',
  };
}

/** Writes a published prediction with the entries it publishes. */
const publish = (p: StoredPrediction, now: string) => store.write(p, ledgerEntriesOf(p, 'published', new Date(now)), { now: new Date(now) });

describe('prediction store and the ledger (docs/decisions/0130-the-bet-ledger.md)', () => {
  it("appends a prediction's entries with it and lists them by kickoff (GSI3)", async () => {
    const p = prediction('fxA', '2026-11-25T15:00:00.000Z');
    expect(await publish(p, '2026-11-22T06:00:00Z')).toBe(true);
    const listed = await ledger.listByKickoff(new Date('2026-11-24T00:00:00Z'), new Date('2026-11-26T00:00:00Z'));
    expect(listed.map((e) => [e.id, e.basis, e.price, e.bookmaker])).toEqual([
      ['fxA~pick-home', 'published', 1.7, 'Velox'],
      ['fxA~pick-over25', 'published', 1.8, null],
    ]);
    expect(await ledger.get('fxA~pick-over25')).toMatchObject({ forecastAt: '2026-11-22T06:00:00.000Z', corrections: [] });
  });

  it('never replaces or removes an entry when the prediction is regenerated: a new selection is appended', async () => {
    const first = prediction('fxB', '2026-11-26T15:00:00.000Z', 0.7);
    await publish(first, '2026-11-22T06:00:00Z');
    const second = {
      ...prediction('fxB', '2026-11-26T15:00:00.000Z', 0.2, '2026-11-23T06:00:00.000Z'),
      probabilities: { home: 0.2, draw: 0.15, away: 0.65 },
      bestOdds: { home: 2.5, away: 1.9 },
    };
    expect(await publish(second, '2026-11-23T06:00:00Z')).toBe(true);
    const entries = await ledger.listForFixture('fxB');
    expect(entries.map((e) => [e.id, e.probability, e.price, e.forecastAt])).toEqual([
      ['fxB~pick-away', 0.65, 1.9, '2026-11-23T06:00:00.000Z'],
      ['fxB~pick-home', 0.7, 1.7, '2026-11-22T06:00:00.000Z'],
      ['fxB~pick-over25', 0.62, 1.8, '2026-11-22T06:00:00.000Z'],
    ]);
    expect((await store.get('fxB'))?.probabilities.home).toBe(0.2);
  });

  it('lists published value entries by the time their flag first appeared (GSI1), what an alert dispatcher reads', async () => {
    const flagged = {
      ...prediction('fxV', '2026-11-27T15:00:00.000Z'),
      valueBets: [
        {
          market: 'under25' as const,
          odds: 3.42,
          edge: 0.069,
          bookmaker: 'Northbet',
          fairProbability: 0.3125,
          quotedAt: '2026-11-22T14:04:00.000Z',
          booksAtPrice: 1,
          flaggedAt: '2026-11-22T14:05:00.000Z',
          seenAt: '2026-11-22T14:05:00.000Z',
        },
      ],
    };
    expect(await publish(flagged, '2026-11-22T14:05:02Z')).toBe(true);
    const window = await ledger.listValueFlagged(new Date('2026-11-22T14:00:00Z'), new Date('2026-11-22T14:10:00Z'));
    expect(window.map((e) => [e.id, e.price, e.bookmaker, e.quotedAt, e.fairProbability, e.booksAtPrice, e.forecastAt])).toEqual([
      ['fxV~value-under25', 3.42, 'Northbet', '2026-11-22T14:04:00.000Z', 0.3125, 1, '2026-11-22T14:05:00.000Z'],
    ]);
    expect(await ledger.listValueFlagged(new Date('2026-11-22T14:06:00Z'), new Date('2026-11-23T10:00:00Z'))).toEqual([]);
    // picks and back-tested entries are not in that index
    expect(
      (await ledger.listValueFlagged(new Date('2026-11-22T00:00:00Z'), new Date('2026-11-22T23:59:59Z'))).every(
        (e) => e.kind === 'value' && e.basis === 'published',
      ),
    ).toBe(true);
  });

  it('lets a resumed backfill write its prediction again without touching the entries a killed run wrote', async () => {
    const p = { ...prediction('fxF', '2026-11-10T15:00:00.000Z'), origin: 'backfilled' as const };
    const first = ledgerEntriesOf(p, 'backtest', new Date('2026-11-22T06:00:01Z'));
    expect(await store.write(p, first, { now: new Date('2026-11-22T06:00:01Z'), backfill: true })).toBe(true);
    const again = ledgerEntriesOf(p, 'backtest', new Date('2026-11-22T06:09:00Z'));
    expect(await store.write(p, again, { now: new Date('2026-11-22T06:09:00Z'), backfill: true })).toBe(true);
    expect((await ledger.listForFixture('fxF')).map((e) => e.recordedAt)).toEqual(['2026-11-22T06:00:01.000Z', '2026-11-22T06:00:01.000Z']);
  });

  it('freezes a prediction at kickoff: a later regeneration writes nothing, no entry either', async () => {
    const p = prediction('fxC', '2026-11-22T15:00:00.000Z', 0.66);
    await publish(p, '2026-11-22T06:00:00Z');
    const late = { ...prediction('fxC', '2026-11-22T15:00:00.000Z', 0.4, '2026-11-22T15:30:00.000Z'), overUnder25: { over: 0.3, under: 0.7 } };
    expect(await publish(late, '2026-11-22T15:30:00Z')).toBe(false);
    expect((await store.get('fxC'))?.probabilities.home).toBe(0.66);
    expect((await ledger.listForFixture('fxC')).map((e) => e.id)).toEqual(['fxC~pick-home', 'fxC~pick-over25']);
  });

  it("settles once, in one transaction with the entries' outcomes; after that an entry gains nothing and loses nothing", async () => {
    const p = prediction('fxD', '2026-11-21T15:00:00.000Z');
    await publish(p, '2026-11-20T06:00:00Z');
    const at = new Date('2026-11-21T17:00:00Z');
    const closing = { price: 1.62, fairProbability: 0.6, source: 'pinnacle' as const, capturedAt: '2026-11-21T14:59:00.000Z' };
    const entries = await ledger.listForFixture('fxD');
    const outcomes = entries.map((e) => ({ entryId: e.id, fixtureId: 'fxD', outcome: outcomeOf(e, { home: 2, away: 1 }, closing, at) }));
    const settled = { ...p, status: 'settled' as const, result: { home: 2, away: 1 }, actualResult: '2-1 (Home Win)' };
    expect(await store.settle(settled, outcomes)).toBe(true);
    expect(await store.settle(settled, outcomes)).toBe(false);
    expect(await store.get('fxD')).toMatchObject({ status: 'settled', result: { home: 2, away: 1 } });
    expect(await ledger.get('fxD~pick-home')).toMatchObject({ result: 'won', profit: { flat: 0.7 }, closing, price: 1.7 });

    // The adapter's own settlement update, replayed on a settled entry, is refused by its condition.
    const { entryUpdate } = await import('./ledger-repository.ts');
    const again = entryUpdate('fxD', 'fxD~pick-home', { ...outcomes[0]!.outcome, result: 'lost' });
    await expect(table.doc.send(new UpdateCommand({ TableName: table.tableName, ...again }))).rejects.toThrow(/conditional/i);
    expect((await ledger.get('fxD~pick-home'))?.result).toBe('won');
  });

  it('keeps each correction as a record of its own, only for a settled entry, sealed in a chain that cannot fork', async () => {
    const entry = (await ledger.get('fxD~pick-home'))!;
    expect(await ledger.correctionHead()).toEqual(EMPTY_HEAD);
    const base = { entryId: entry.id, fixtureId: 'fxD', kickoff: entry.kickoff, oldPrice: 1.7, newPrice: 1.75, by: 'admin-1', at: '2026-11-22T09:00:00.000Z' };
    const first = sealCorrection(EMPTY_HEAD, base);
    expect(await ledger.correct(first)).toBe('ok');
    const second = sealCorrection(await ledger.correctionHead(), { ...base, newPrice: 1.72, oldPrice: 1.75, at: '2026-11-22T10:00:00.000Z' });
    // a correction sealed after a head that has moved on is refused, and the chain stays whole
    expect(await ledger.correct(sealCorrection(EMPTY_HEAD, { ...base, at: '2026-11-22T09:30:00.000Z' }))).toBe('head-moved');
    expect(await ledger.correct(second)).toBe('ok');
    const read = (await ledger.listByKickoff(new Date('2026-11-21T00:00:00Z'), new Date('2026-11-21T23:59:59Z'))).find((e) => e.id === entry.id)!;
    expect(read.price).toBe(1.7);
    expect(read.corrections.map((c) => [c.oldPrice, c.newPrice, c.by, c.sequence])).toEqual([
      [1.7, 1.75, 'admin-1', 1],
      [1.75, 1.72, 'admin-1', 2],
    ]);
    expect(verifyCorrections(await ledger.listCorrections(), await ledger.correctionHead())).toEqual({ ok: true, corrections: 2, problems: [] });
    const head = await ledger.correctionHead();
    expect(await ledger.correct(sealCorrection(head, { ...base, entryId: 'fxA~pick-home', fixtureId: 'fxA' }))).toBe('not-settled');
    expect(await ledger.correct(sealCorrection(head, { ...base, entryId: 'nope~pick-home', fixtureId: 'nope' }))).toBe('not-settled');
    expect(await ledger.correctionHead()).toEqual(head);
  });

  it('stores day digests and reads each chain back oldest first', async () => {
    const entries = await ledger.listByKickoff(new Date('2026-11-24T00:00:00Z'), new Date('2026-11-27T00:00:00Z'));
    const sealed = sealPublished(undefined, entries, new Date('2026-11-23T07:00:00Z'));
    await ledger.saveDigests(sealed);
    expect((await ledger.digests('published')).map((d) => d.day)).toEqual(['2026-11-22', '2026-11-23']);
    expect(await ledger.digests('backtest')).toEqual([]);
  });

  it("keeps a fixture's closing snapshot when the fixture is synced again", async () => {
    const fixtures = new DynamoFixtureRepository(table.doc, table.tableName);
    const fixture = {
      id: 'fxE',
      leagueId: 'L1',
      season: '2026-27',
      kickoff: '2026-11-25T15:00:00.000Z',
      homeTeam: 'A',
      awayTeam: 'B',
      status: 'scheduled' as const,
      leagueName: 'League One',
      updatedAt: '2026-11-25T14:00:00.000Z',
    };
    await fixtures.saveAll([fixture]);
    await fixtures.saveClosingSnapshot('fxE', { average: { home: 2 }, capturedAt: '2026-11-25T14:50:00.000Z' });
    await fixtures.saveAll([{ ...fixture, updatedAt: '2026-11-26T06:00:00.000Z' }]);
    expect(await fixtures.closingSnapshot('fxE')).toEqual({ average: { home: 2 }, capturedAt: '2026-11-25T14:50:00.000Z' });
    expect(keys.fixtureClosing('fxE').PK).toBe(keys.fixture('fxE').PK);
  });
});

describe('history', () => {
  it('upserts by id across seasons and lists oldest first', async () => {
    const history = new DynamoHistoryRepository(table.doc, table.tableName);
    const rec = (id: string, date: string, season: string) => ({ id, date, season, league: 'L1', home: 'A', away: 'B', homeGoals: 1, awayGoals: 0 });
    await history.append('L1', [rec('m2', '2025-03-01', '2024-25'), rec('m1', '2024-09-01', '2024-25'), rec('m3', '2025-09-01', '2025-26')]);
    await history.append('L1', [rec('m3', '2025-09-01', '2025-26')]);
    expect((await history.list('L1')).map((r) => r.id)).toEqual(['m1', 'm2', 'm3']);
    expect(await history.list('other')).toEqual([]);
  });
});

jobRepositoryContract('DynamoDB', () => new DynamoJobRepository(table.doc, table.tableName));
