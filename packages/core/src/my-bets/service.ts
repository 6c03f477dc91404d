import {
  MAX_TRACKED_BETS,
  MY_BETS_CSV_COLUMNS,
  type MyBets,
  type MyBetsImport,
  type MyBetsImportReport,
  type MyBetsQuery,
  type NewTrackedBet,
  type TrackedBet,
  type TrackedBetPatch,
} from '@app/contracts/my-bets';
import { requirePremiumContent, seesPremiumContent, type Viewer } from '../account/viewer.ts';
import { utcDay, type Clock } from '../clock.ts';
import { ConflictError, DomainError, NotFoundError, UnauthorizedError, ValidationError } from '../errors.ts';
import { csvField } from '../ledger/digest.ts';
import { entryId, type ClosingPrice } from '../ledger/entry.ts';
import { round } from '../numbers.ts';
import { closingOfBet, clvOfBet, isOpen, settleTrackedBet, type Score, type StoredTrackedBet } from './bet.ts';
import { readImport } from './csv.ts';
import type { BetClosingSnapshots, BetLedger, BetMatches, TrackedBetRepository } from './ports.ts';
import { curveOf, totalsOf } from './totals.ts';

/** A bet id: the creation time in base 36 milliseconds, then 8 random base-36 characters. */
export function newBetId(at: Date, random: () => number = Math.random): string {
  const tail = Array.from({ length: 8 }, () => Math.floor(random() * 36).toString(36)).join('');
  return `${at.getTime().toString(36).padStart(9, '0')}-${tail}`;
}

/** A bet as the API shows it. */
export function trackedBetView(b: StoredTrackedBet): TrackedBet {
  return {
    id: b.id,
    fixtureId: b.fixtureId,
    leagueId: b.leagueId,
    league: b.leagueName,
    homeTeam: b.homeTeam,
    awayTeam: b.awayTeam,
    kickoff: b.kickoff,
    market: b.market,
    selection: b.selection,
    line: b.line,
    price: b.price,
    bookmaker: b.bookmaker,
    stake: b.stake,
    placedAt: b.placedAt,
    createdAt: b.createdAt,
    flag: b.flag ?? null,
    closing: b.closing
      ? {
          fairPrice: round(1 / b.closing.fairProbability, 3),
          fairProbability: b.closing.fairProbability,
          source: b.closing.source,
          capturedAt: b.closing.capturedAt,
        }
      : null,
    clv: clvOfBet(b) === null ? null : round(clvOfBet(b)!, 4),
    result: b.result ?? null,
    score: b.score ?? null,
    profit: b.profit ?? null,
    settledAt: b.settledAt ?? null,
  };
}

/** The export's own format (`MY_BETS_CSV_COLUMNS`), oldest placed first. */
export function myBetsCsv(bets: readonly StoredTrackedBet[]): string {
  const rows = [...bets]
    .sort((a, b) => a.placedAt.localeCompare(b.placedAt) || a.id.localeCompare(b.id))
    .map(trackedBetView)
    .map((b) =>
      [
        b.id,
        b.fixtureId,
        b.league,
        b.kickoff,
        b.homeTeam,
        b.awayTeam,
        b.market,
        b.selection,
        b.line,
        b.price,
        b.bookmaker,
        b.stake,
        b.placedAt,
        b.flag?.price,
        b.closing?.fairPrice,
        b.clv,
        b.result,
        b.profit,
        b.settledAt,
      ]
        .map(csvField)
        .join(','),
    );
  return [MY_BETS_CSV_COLUMNS.join(','), ...rows].join('\n') + '\n';
}

const signedIn = (viewer: Viewer | null): Viewer => {
  if (!viewer) throw new UnauthorizedError();
  return viewer;
};

const matchesQuery = (b: StoredTrackedBet, q: MyBetsQuery) =>
  (!q.league || b.leagueId === q.league) &&
  (!q.market || b.market === q.market) &&
  (!q.book || b.bookmaker === q.book) &&
  (!q.month || b.placedAt.startsWith(q.month));

/** Builds a user's new bets: the match looked up, the flag from the ledger, settled at once when the match is. */
function makeBetBuilder({
  matches,
  ledger,
  snapshots,
  random,
}: {
  matches: BetMatches;
  ledger: BetLedger;
  snapshots: BetClosingSnapshots;
  random: () => number;
}) {
  /**
   * The closing price of a bet added after its match settled: the ledger's for this selection (a
   * value or a pick entry), else the fixture's kept closing odds, as the results job would have used.
   */
  async function closingOfSettled(fixtureId: string, bet: Pick<StoredTrackedBet, 'market' | 'selection'>): Promise<ClosingPrice | undefined> {
    if (bet.market === 'ah') return undefined;
    for (const kind of ['value', 'pick'] as const) {
      const closing = (await ledger.get(entryId(fixtureId, kind, bet.selection)))?.closing;
      if (closing) return closing;
    }
    return closingOfBet(bet, await snapshots.closingSnapshot(fixtureId));
  }

  /**
   * A new bet of `userId` on a match the product covers. A bet `taken` from a flag must be placed
   * before kickoff and the flag must exist; an `imported` one keeps the ledger's flag when there is
   * one. A bet on a match already settled is settled at once, from the stored result and the
   * closing price (the ledger's, else the fixture's kept closing odds). `sequence` keeps the ids of one import apart.
   */
  async function build(userId: string, body: NewTrackedBet, now: Date, how: 'taken' | 'imported', sequence = 0): Promise<StoredTrackedBet> {
    // a forecast's match, else a flag-only record's (its results come from the odds feed)
    const match = (await matches.get(body.fixtureId)) ?? (await matches.getValueOnly?.(body.fixtureId));
    if (!match) throw new NotFoundError('No such match');
    let flag: StoredTrackedBet['flag'];
    if (body.fromFlag) {
      if (how === 'taken' && Date.parse(match.kickoff) <= now.getTime()) throw new ConflictError('This match has started: its flags can no longer be taken');
      const entry = body.market === 'ah' ? undefined : await ledger.get(entryId(body.fixtureId, 'value', body.selection));
      if (how === 'taken' && (!entry || entry.price === null)) throw new NotFoundError('No value flag on this selection');
      if (entry && entry.price !== null) flag = { price: entry.price, bookmaker: entry.bookmaker };
    }
    const bet: StoredTrackedBet = {
      userId,
      id: newBetId(new Date(now.getTime() + sequence), random),
      fixtureId: match.fixtureId,
      leagueId: match.leagueId,
      leagueName: match.leagueName,
      homeTeam: match.homeTeam,
      awayTeam: match.awayTeam,
      kickoff: new Date(match.kickoff).toISOString(),
      market: body.market,
      selection: body.selection,
      line: body.market === 'ah' ? (body.line ?? 0) : null,
      price: body.price,
      bookmaker: body.bookmaker || null,
      stake: body.stake,
      placedAt: body.placedAt ? new Date(body.placedAt).toISOString() : now.toISOString(),
      createdAt: now.toISOString(),
      ...(flag ? { flag } : {}),
    };
    const played: Score | 'void' | undefined = match.status === 'void' ? 'void' : match.status === 'settled' ? match.result : undefined;
    return played ? { ...bet, ...settleTrackedBet(bet, played, await closingOfSettled(match.fixtureId, bet), now) } : bet;
  }
  return build;
}

/**
 * My bets (docs/decisions/0300-my-bets.md): a user's own bets, theirs alone. Reading, exporting,
 * editing and deleting need a session (a lapsed subscriber keeps their history); adding needs
 * premium content, so a break stops it.
 */
export function makeMyBetsService({
  bets,
  matches,
  ledger,
  snapshots,
  clock,
  random = Math.random,
}: {
  bets: TrackedBetRepository;
  matches: BetMatches;
  ledger: BetLedger;
  snapshots: BetClosingSnapshots;
  clock: Clock;
  random?: () => number;
}) {
  async function own(viewer: Viewer | null, id: string): Promise<StoredTrackedBet> {
    const bet = await bets.get(signedIn(viewer).userId, id);
    if (!bet) throw new NotFoundError('No such bet');
    return bet;
  }

  const build = makeBetBuilder({ matches, ledger, snapshots, random });

  return {
    async list(viewer: Viewer | null, query: MyBetsQuery): Promise<MyBets> {
      const user = signedIn(viewer);
      const all = await bets.listByUser(user.userId);
      const shown = all.filter((b) => matchesQuery(b, query)).sort((a, b) => b.placedAt.localeCompare(a.placedAt) || b.id.localeCompare(a.id));
      const leagues = new Map(all.map((b) => [b.leagueId, b.leagueName]));
      return {
        bets: shown.map(trackedBetView),
        totals: totalsOf(shown),
        curve: curveOf(shown),
        options: {
          leagues: [...leagues].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name)),
          books: [...new Set(all.flatMap((b) => (b.bookmaker ? [b.bookmaker] : [])))].sort(),
          months: [...new Set(all.map((b) => b.placedAt.slice(0, 7)))].sort().reverse(),
        },
        canAdd: seesPremiumContent(user),
      };
    },

    async add(viewer: Viewer | null, body: NewTrackedBet): Promise<TrackedBet> {
      requirePremiumContent(signedIn(viewer), 'Tracking a bet is');
      const userId = viewer!.userId;
      if ((await bets.count(userId)) >= MAX_TRACKED_BETS) throw new ConflictError(`You can track at most ${MAX_TRACKED_BETS.toLocaleString('en-GB')} bets`);
      const bet = await build(userId, body, clock.now(), 'taken');
      await bets.add([bet]);
      return trackedBetView(bet);
    },

    /**
     * An export's CSV read back: every row checked as a new bet (its match known), reported kept or
     * refused with the reason; written only when it is not a dry run and no row is refused
     * (nothing half-imported). A row's flag is the ledger's, when it has one; a played match's bet
     * is settled at once, as a bet added by hand is.
     */
    async importCsv(viewer: Viewer | null, { csv, dryRun = true }: MyBetsImport): Promise<MyBetsImportReport> {
      requirePremiumContent(signedIn(viewer), 'Tracking a bet is');
      const userId = viewer!.userId;
      const read = readImport(csv);
      if ('error' in read) throw new ValidationError(read.error, { field: 'csv' });
      const now = clock.now();
      const kept: StoredTrackedBet[] = [];
      const refused: MyBetsImportReport['refused'] = [];
      for (const row of read.rows) {
        if ('reason' in row) {
          refused.push(row);
          continue;
        }
        try {
          kept.push(await build(userId, row.bet, now, 'imported', kept.length));
        } catch (error) {
          if (!(error instanceof DomainError)) throw error;
          refused.push({ row: row.row, reason: error.message });
        }
      }
      const room = MAX_TRACKED_BETS - (await bets.count(userId));
      if (kept.length > room) refused.push({ row: 0, reason: `You can track at most ${MAX_TRACKED_BETS.toLocaleString('en-GB')} bets: room for ${room} more` });
      const write = !dryRun && refused.length === 0 && kept.length > 0;
      if (write) await bets.add(kept);
      return { dryRun, rows: read.rows.length, kept: kept.length, refused, imported: write ? kept.length : 0 };
    },

    /** Price, book, stake or time placed; a settled bet's profit is recomputed at the new price and stake. */
    async update(viewer: Viewer | null, id: string, patch: TrackedBetPatch): Promise<TrackedBet> {
      const bet = await own(viewer, id);
      const changed: StoredTrackedBet = {
        ...bet,
        ...patch,
        ...(patch.bookmaker !== undefined ? { bookmaker: patch.bookmaker || null } : {}),
        ...(patch.placedAt ? { placedAt: new Date(patch.placedAt).toISOString() } : {}),
      };
      const outcome = isOpen(bet) ? undefined : settleTrackedBet(changed, bet.result === 'void' ? 'void' : bet.score!, bet.closing, new Date(bet.settledAt!));
      const change = { price: changed.price, bookmaker: changed.bookmaker, stake: changed.stake, placedAt: changed.placedAt, ...(outcome ? { outcome } : {}) };
      if (!(await bets.update(bet.userId, id, change))) throw new NotFoundError('No such bet');
      return trackedBetView({ ...changed, ...outcome });
    },

    async remove(viewer: Viewer | null, id: string): Promise<void> {
      if (!(await bets.remove(signedIn(viewer).userId, id))) throw new NotFoundError('No such bet');
    },

    async csv(viewer: Viewer | null): Promise<{ text: string; fileName: string }> {
      const user = signedIn(viewer);
      return { text: myBetsCsv(await bets.listByUser(user.userId)), fileName: `my-bets-${utcDay(clock.now())}.csv` };
    },
  };
}

export type MyBetsService = ReturnType<typeof makeMyBetsService>;
