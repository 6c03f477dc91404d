import { describe, expect, it } from 'vitest';
import { MAX_TRACKED_BETS, MIN_BET_PRICE } from '@app/contracts/my-bets';
import type { Viewer } from '../account/viewer.ts';
import { fixedClock } from '../clock.ts';
import { ConflictError, ForbiddenError, NotFoundError, UnauthorizedError } from '../errors.ts';
import type { RecordedEntry } from '../ledger/entry.ts';
import { InMemoryTrackedBets } from '../testing/in-memory-my-bets.ts';
import { ledgerEntry } from '../testing/ledger-entries.ts';
import type { StoredTrackedBet } from './bet.ts';
import type { BetMatches } from './ports.ts';
import { makeMyBetsService, myBetsCsv } from './service.ts';
import { settleTrackedBets } from './settle.ts';

// Saturday 5 December 2026, 10:00 UTC; f1 kicks off at 15:00, f0 was played yesterday.
const clock = fixedClock('2026-12-05T10:00:00Z');
const ref = (fixtureId: string, kickoff: string) => ({ fixtureId, leagueId: 'L1', leagueName: 'League One', homeTeam: 'Alpha', awayTeam: 'Bravo', kickoff });
const matchList: Record<string, Awaited<ReturnType<BetMatches['get']>>> = {
  f1: ref('f1', '2026-12-05T15:00:00.000Z'),
  f0: { ...ref('f0', '2026-12-04T15:00:00.000Z'), status: 'settled', result: { home: 2, away: 0 } },
};
const flag = ledgerEntry({
  fixtureId: 'f1',
  kind: 'value',
  selection: 'home',
  kickoff: '2026-12-05T15:00:00.000Z',
  price: 2.1,
  bookmaker: 'Northbet',
  result: undefined,
});
const closedPick = ledgerEntry({
  fixtureId: 'f0',
  kind: 'pick',
  selection: 'home',
  kickoff: '2026-12-04T15:00:00.000Z',
  closing: { price: 1.8, fairProbability: 0.55, source: 'pinnacle', capturedAt: '2026-12-04T14:59:00.000Z' },
});
const ledgerItems = new Map<string, RecordedEntry>([flag, closedPick].map((e) => [e.id, e]));
/** f0's closing odds as the closing-odds task kept them before kickoff. */
const f0Closing = {
  sharp: { home: 1.8, draw: 3.8, away: 4.6, over25: 2.05, under25: 1.85 },
  average: { home: 1.75, draw: 3.6, away: 4.4 },
  capturedAt: '2026-12-04T14:59:00Z',
};

const premium: Viewer = { userId: 'u1', email: 'a@example.com', role: 'user', subscriptionStatus: 'premium' };
const other: Viewer = { ...premium, userId: 'u2', email: 'b@example.com' };
const lapsed: Viewer = { ...premium, subscriptionStatus: 'free' };
const onBreak: Viewer = { ...premium, breakUntil: '2026-12-06T10:00:00.000Z' };

function setup() {
  const bets = new InMemoryTrackedBets();
  let n = 0;
  const service = makeMyBetsService({
    bets,
    matches: { get: async (id) => matchList[id] },
    ledger: { get: async (id) => ledgerItems.get(id) },
    snapshots: { closingSnapshot: async (id) => (id === 'f0' ? f0Closing : undefined) },
    clock,
    random: () => (n++ % 36) / 36,
  });
  return { bets, service };
}
const taken = { fixtureId: 'f1', market: '1x2', selection: 'home', price: 2.05, bookmaker: 'Velox', stake: 20, fromFlag: true } as const;

describe('my bets', () => {
  it('takes a flag at the price really got, keeping the flag’s own price and book from the ledger', async () => {
    const { service } = setup();
    const bet = await service.add(premium, taken);
    expect(bet).toMatchObject({
      price: 2.05,
      bookmaker: 'Velox',
      stake: 20,
      flag: { price: 2.1, bookmaker: 'Northbet' },
      placedAt: '2026-12-05T10:00:00.000Z',
    });
    expect(bet.result).toBeNull();
    const listed = await service.list(premium, {});
    expect(listed.bets.map((b) => b.id)).toEqual([bet.id]);
    expect(listed.totals).toMatchObject({ bets: 1, open: 1, settled: 0, staked: 20, tooFewToJudge: true });
    expect(listed.canAdd).toBe(true);
  });

  it('is the owner’s alone: another user’s id is not found, a visitor is asked to sign in', async () => {
    const { service } = setup();
    const bet = await service.add(premium, taken);
    await expect(service.update(other, bet.id, { stake: 1 })).rejects.toBeInstanceOf(NotFoundError);
    await expect(service.remove(other, bet.id)).rejects.toBeInstanceOf(NotFoundError);
    expect((await service.list(other, {})).bets).toEqual([]);
    await expect(service.list(null, {})).rejects.toBeInstanceOf(UnauthorizedError);
    await expect(service.add(null, taken)).rejects.toBeInstanceOf(UnauthorizedError);
    await service.remove(premium, bet.id);
    await expect(service.remove(premium, bet.id)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('a lapsed subscriber reads and exports but cannot add; a break stops adding too', async () => {
    const { service } = setup();
    await service.add(premium, taken);
    expect((await service.list(lapsed, {})).bets).toHaveLength(1);
    expect((await service.list(lapsed, {})).canAdd).toBe(false);
    expect((await service.csv(lapsed)).text.split('\n')).toHaveLength(3);
    await expect(service.add(lapsed, taken)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(service.add(onBreak, taken)).rejects.toThrow(/taking a break/);
    expect((await service.list(onBreak, {})).canAdd).toBe(false);
  });

  it('refuses an unknown match, a missing flag, a started match’s flag and a user at the limit', async () => {
    const { service, bets } = setup();
    await expect(service.add(premium, { ...taken, fixtureId: 'nope' })).rejects.toBeInstanceOf(NotFoundError);
    await expect(service.add(premium, { ...taken, selection: 'away' })).rejects.toThrow('No value flag on this selection');
    await expect(service.add(premium, { ...taken, fixtureId: 'f0' })).rejects.toBeInstanceOf(ConflictError);
    bets.count = async () => MAX_TRACKED_BETS;
    await expect(service.add(premium, taken)).rejects.toThrow(/at most 10,000 bets/);
  });

  it('a bet added by hand on a played match is settled at once with the ledger’s closing price; an edit recomputes it', async () => {
    const { service } = setup();
    const bet = await service.add(premium, { fixtureId: 'f0', market: '1x2', selection: 'home', price: 2, stake: 10, placedAt: '2026-12-04T12:00:00Z' });
    expect(bet).toMatchObject({ result: 'won', profit: 10, flag: null, closing: { fairPrice: 1.818, source: 'pinnacle' }, clv: 0.1 });
    const edited = await service.update(premium, bet.id, { price: MIN_BET_PRICE * 2, stake: 5 });
    expect(edited).toMatchObject({ result: 'won', profit: 5.1, stake: 5 });
    const handicap = await service.add(premium, { fixtureId: 'f0', market: 'ah', selection: 'away', line: -1.75, price: 1.9, stake: 10 });
    expect(handicap).toMatchObject({ result: 'half-lost', profit: -5, closing: null, clv: null, line: -1.75 });
  });

  it('a bet on a played match whose selection the ledger never priced takes its closing price from the kept closing odds', async () => {
    const { service } = setup();
    const under = await service.add(premium, { fixtureId: 'f0', market: 'ou25', selection: 'under25', price: 2, stake: 10 });
    // Pinnacle's 2.05 / 1.85 without its margin: under 2.5 at (1 / 1.85) / (1 / 2.05 + 1 / 1.85) = 0.5256.
    expect(under).toMatchObject({ result: 'won', profit: 10, closing: { source: 'pinnacle', fairProbability: expect.closeTo(0.5256, 4) } });
    expect(under.clv).toBeCloseTo(2 * 0.5256 - 1, 3);
    // The same on import: another subscriber's export of an away bet on f0, read back in.
    await service.add(other, { fixtureId: 'f0', market: '1x2', selection: 'away', price: 5, stake: 4, placedAt: '2026-12-04T12:00:00Z' });
    expect(await service.importCsv(premium, { csv: (await service.csv(other)).text, dryRun: false })).toMatchObject({ imported: 1 });
    const away = (await service.list(premium, {})).bets.find((b) => b.selection === 'away');
    expect(away).toMatchObject({ result: 'lost', profit: -4, closing: { source: 'pinnacle' } });
    expect(away!.clv).not.toBeNull();
  });

  it('the results job settles open bets with the closing odds; totals, the curve and the filters follow', async () => {
    const { service, bets } = setup();
    const a = await service.add(premium, taken);
    await service.add(premium, { ...taken, fromFlag: false, market: 'ou25', selection: 'over25', price: 1.95, bookmaker: 'Northbet' });
    await service.add(other, taken);
    const closing = {
      sharp: { home: 1.9, draw: 3.6, away: 4.4, over25: 2, under25: 1.9 },
      average: { home: 1.85, draw: 3.5, away: 4.2 },
      capturedAt: '2026-12-05T14:59:00Z',
    };
    expect(await settleTrackedBets(bets, 'f1', { home: 1, away: 0 }, closing, new Date('2026-12-05T17:00:00Z'))).toBe(3);
    expect(await settleTrackedBets(bets, 'f1', { home: 1, away: 0 }, closing, new Date('2026-12-05T18:00:00Z'))).toBe(0);
    const mine = await service.list(premium, {});
    expect(mine.bets.find((b) => b.id === a.id)).toMatchObject({ result: 'won', profit: 21, closing: { source: 'pinnacle' } });
    expect(mine.totals).toMatchObject({ bets: 2, settled: 2, staked: 40, profit: 1, roi: 2.5, clvBets: 2, tooFewToJudge: true });
    expect(mine.curve.at(-1)?.profit).toBe(1);
    expect(mine.curve.at(-1)?.expected).toBeCloseTo(
      mine.bets.reduce((s, b) => s + b.stake * b.clv!, 0),
      1,
    );
    expect((await service.list(premium, { market: 'ou25' })).bets).toHaveLength(1);
    expect((await service.list(premium, { book: 'Velox' })).bets.map((b) => b.id)).toEqual([a.id]);
    expect((await service.list(premium, { month: '2026-11' })).bets).toEqual([]);
    expect(mine.options).toEqual({ leagues: [{ id: 'L1', name: 'League One' }], books: ['Northbet', 'Velox'], months: ['2026-12'] });
  });

  it('takes a flag of a league without history: its match is the flag-only record, settled with it (docs/decisions/0297-results-for-flag-only-leagues.md)', async () => {
    const valueOnlyFlag = ledgerEntry({ ...flag, id: 'toa-1~value-home', fixtureId: 'toa-1', price: 2.25, bookmaker: 'William Hill', result: undefined });
    const service = makeMyBetsService({
      bets: new InMemoryTrackedBets(),
      matches: {
        get: async () => undefined,
        getValueOnly: async (id) => (id === 'toa-1' ? { ...ref('toa-1', '2026-12-05T15:00:00.000Z'), status: 'scheduled' } : undefined),
      },
      ledger: { get: async (id) => (id === valueOnlyFlag.id ? valueOnlyFlag : undefined) },
      snapshots: { closingSnapshot: async () => undefined },
      clock,
    });
    expect(await service.add(premium, { ...taken, fixtureId: 'toa-1' })).toMatchObject({
      fixtureId: 'toa-1',
      flag: { price: 2.25, bookmaker: 'William Hill' },
    });
    await expect(service.add(premium, { ...taken, fixtureId: 'toa-2' })).rejects.toBeInstanceOf(NotFoundError);
  });

  it('exports CSV in its own columns, a formula-like book written as text', () => {
    const bet: StoredTrackedBet = {
      ...ref('f1', '2026-12-05T15:00:00.000Z'),
      userId: 'u1',
      id: 'abc123def-xyz12345',
      market: 'ah',
      selection: 'home',
      line: -0.25,
      price: 1.95,
      bookmaker: '=cmd',
      stake: 10,
      placedAt: '2026-12-05T10:00:00.000Z',
      createdAt: '2026-12-05T10:00:00.000Z',
    };
    expect(myBetsCsv([bet]).split('\n')[1]).toBe(
      "abc123def-xyz12345,f1,League One,2026-12-05T15:00:00.000Z,Alpha,Bravo,ah,home,-0.25,1.95,'=cmd,10,2026-12-05T10:00:00.000Z,,,,,,",
    );
  });

  it('imports its own export into a second account: a dry run first, then every row or none', async () => {
    const { service } = setup();
    await service.add(premium, taken);
    await service.add(premium, { fixtureId: 'f0', market: 'ah', selection: 'home', line: -2.25, price: 1.95, bookmaker: '=Book', stake: 10 });
    const { text } = await service.csv(premium);

    const dry = await service.importCsv(other, { csv: text });
    expect(dry).toEqual({ dryRun: true, rows: 2, kept: 2, refused: [], imported: 0 });
    expect((await service.list(other, {})).bets).toEqual([]);
    expect(await service.importCsv(other, { csv: text, dryRun: false })).toMatchObject({ kept: 2, imported: 2 });
    const imported = (await service.list(other, {})).bets;
    expect(imported.map((b) => [b.price, b.bookmaker, b.flag?.price ?? null, b.result])).toEqual(
      expect.arrayContaining([
        [2.05, 'Velox', 2.1, null],
        [1.95, '=Book', null, 'half-lost'],
      ]),
    );

    // One bad row refuses the file: reported with its reason, nothing written.
    const broken = text.replace('2.05', '1.001').replace('f0,', 'nope,');
    const third = { ...other, userId: 'u3' };
    const report = await service.importCsv(third, { csv: broken, dryRun: false });
    expect(report).toMatchObject({ kept: 0, imported: 0 });
    expect(report.refused).toEqual([
      { row: 1, reason: 'price: price must be at least 1.01' },
      { row: 2, reason: 'No such match' },
    ]);
    expect((await service.list(third, {})).bets).toEqual([]);
    await expect(service.importCsv(other, { csv: 'a,b\n1,2' })).rejects.toThrow(/first line must be the export's header/);
    await expect(service.importCsv(lapsed, { csv: text })).rejects.toBeInstanceOf(ForbiddenError);
  });
});
