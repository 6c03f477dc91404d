import { DEFAULT_BOOKMAKERS, SHARP_REFERENCE } from '@app/model/bookmakers';
import { VALUE_RULES } from '@app/model/value-rule';
import type { Clock } from '../clock.ts';
import { groupBy, mapInFlight } from '../collections.ts';
import type { StoredPrediction } from '../predictions/prediction.ts';
import { booksOf, captureView, dueForScan, followFlags } from '../predictions/value-flags.ts';
import { ScanConflictError, type FixtureRepository, type PipelinePredictionRepository, type StoredFixture, type ValueOnlyReads } from './ports.ts';
import type { ScanMark, ScanMarkRepository } from '../predictions/ports.ts';
import { marksByLeague } from '../predictions/scan-marks.ts';
import { providedOf, storedAsProvided } from './closing-odds.ts';
import { isProviderOutage, type League, type OddsMarket, type OddsProvider, type ProviderFixture } from './providers.ts';
import { newValueEntries, nextScanMark, scanWrites } from './scan-rules.ts';
import { blankValueOnly, feedFixture, fixtureChanged, unwrittenValueOnly, valueOnlyListingDue, withFairPrice } from './value-only.ts';

/** The scan looks this far ahead; the daily generation run covers the rest of the week. */
export const SCAN_REACH_MS = 72 * 3_600_000;

/** What a successful odds call said of a fixture it did not price: no quote, so no flag. */
const unpriced = (now: Date) => ({ best: {}, average: {}, quotes: [], capturedAt: now.toISOString() });

/** A league's writes in flight at once (each its own transaction: one fixture's conflict never holds up another's). */
const WRITES_IN_FLIGHT = 8;

/** What the flag-only leagues' part of a scan reads and writes. */
interface FlagOnlyDeps {
  oddsProvider: OddsProvider;
  predictions: Partial<ValueOnlyReads>;
  fixtures: Pick<FixtureRepository, 'listByKickoff'> & Partial<Pick<FixtureRepository, 'saveAll'>>;
  leagues: readonly League[];
  log: (message: string, detail?: Record<string, unknown>) => void;
}

/**
 * The flag-only leagues' fixtures not kicked off within the scan's reach: each one's stored record, or a blank one
 * (`records`), and all of them as the odds call is asked about (`provided`, with the forecasts' fixtures: one read
 * of the fixtures by day serves both). Once an hour the odds feed's list adds the fixtures it did not have.
 */
async function flagOnlyFixtures(
  { oddsProvider, predictions, fixtures, leagues, log }: FlagOnlyDeps,
  now: Date,
  reach: Date,
  failed: string[],
): Promise<{ records: StoredPrediction[]; provided?: Map<string, ProviderFixture> }> {
  if (!leagues.length || !predictions.listValueOnlyByKickoff) return { records: [] };
  const [stored, records] = await Promise.all([fixtures.listByKickoff(now, reach), predictions.listValueOnlyByKickoff(now, reach)]);
  const byId = new Map<string, StoredFixture>(stored.map((f) => [f.id, f]));
  if (valueOnlyListingDue(now) && oddsProvider.events && fixtures.saveAll) {
    const fresh: StoredFixture[] = [];
    for (const league of leagues) {
      try {
        for (const f of await oddsProvider.events(league.id, now, reach)) if (fixtureChanged(f, byId.get(f.id))) fresh.push(feedFixture(f, league, now));
      } catch (error) {
        if (!isProviderOutage(error)) throw error;
        // the feed is down or refusing (a spent quota): the next leagues' lists wait for the next hour, the stored fixtures are scanned
        failed.push(`fixture lists from ${league.id}`);
        log('Odds feed fixture list failed', { leagueId: league.id, error: error.message });
        break;
      }
    }
    if (fresh.length) await fixtures.saveAll(fresh);
    for (const f of fresh) byId.set(f.id, f);
  }
  const ids = new Set(leagues.map((l) => l.id));
  const recordOf = new Map(records.map((r) => [r.fixtureId, r]));
  const open = [...byId.values()].filter((f) => ids.has(f.leagueId) && Date.parse(f.kickoff) > now.getTime());
  const provided = new Map<string, ProviderFixture>(
    [...byId.values()].map(({ leagueName: _name, odds: _odds, updatedAt: _at, statisticsPending: _pending, ...f }) => [f.id, f]),
  );
  return { records: open.map((f) => recordOf.get(f.id) ?? blankValueOnly(f, now)), provided };
}

/**
 * Prices found when they appear (docs/decisions/0192-prices-found-when-they-appear.md): every 15
 * minutes, the fixtures due a scan (every 30 minutes within 24 hours of kickoff, hourly within 72,
 * a last scan within 15 minutes of it) get one odds call per league, for the declared bookmakers
 * and the sharp reference only. Each fixture's fair price is recomputed from the sharp reference of
 * that call, its flags follow on from the last scan's (appeared, moved, withdrawn), and a flag
 * seen for the first time is written to the ledger with its price, bookmaker, quote time and fair
 * probability, in the same write as the prediction. Predictions that have kicked off are never touched.
 *
 * What it costs (docs/scaling.md#the-odds-scan): the due predictions and their fixtures are read by
 * match day; a fixture whose scan changed anything is written in one conditional transaction with
 * its new entries (docs/decisions/0295-one-owner-for-the-scan-write.md); one that changed nothing
 * is not written, its league's mark says when it was seen (one batched write for every league,
 * docs/decisions/0296-a-scan-that-changed-nothing-writes-nothing.md).
 *
 * With `valueOnly`, the leagues without history are scanned too
 * (docs/decisions/0312-value-flags-in-every-league-with-a-sharp-price.md): their fixtures come from the odds feed's
 * own list (once an hour, stored as fixtures), each is scanned like a forecast's, and a flag-only record is written
 * the first time one of them is flagged (none before: a fixture without a flag costs no write).
 */
export function makeOddsScan({
  oddsProvider,
  predictions,
  fixtures,
  marks,
  clock,
  valueOnly,
  log = () => {},
}: {
  oddsProvider: OddsProvider;
  predictions: Pick<PipelinePredictionRepository, 'listByKickoff' | 'writeScan'> & Partial<ValueOnlyReads>;
  fixtures: Pick<FixtureRepository, 'listByKickoff'> & Partial<Pick<FixtureRepository, 'saveAll'>>;
  marks: ScanMarkRepository;
  clock: Clock;
  /** The leagues flagged without a forecast (none when absent). */
  valueOnly?: { leagues: readonly League[] };
  log?: (message: string, detail?: Record<string, unknown>) => void;
}) {
  const flagOnlyLeagues = valueOnly?.leagues ?? [];
  const flagOnlyIds = new Set(flagOnlyLeagues.map((l) => l.id));
  // A league without history is priced for its flags alone: only the markets with a rule in force (each costs a credit a call)
  const flaggedMarkets: OddsMarket[] = [...(VALUE_RULES['1X2'] ? ['h2h' as const] : []), ...(VALUE_RULES['OU2.5'] ? ['totals' as const] : [])];
  const list = oddsProvider.bookmakers ?? DEFAULT_BOOKMAKERS;
  // what the odds call names: the books that source carries, and the sharp reference
  const bookmakers = [...list.flatMap((b) => (b.key ? [b.key] : [])), SHARP_REFERENCE.key];
  return {
    /**
     * One scan: its summary, and the predictions whose value bets were flagged for the first time
     * (each holding only those), for the alerts that follow new flags.
     */
    async scan(): Promise<{ summary: string; at: Date; firstFlagged: StoredPrediction[] }> {
      const now = clock.now();
      const firstFlagged: StoredPrediction[] = [];
      const reach = new Date(now.getTime() + SCAN_REACH_MS);
      const failed: string[] = [];
      const [forecasts, flagOnly] = await Promise.all([
        predictions.listByKickoff(now, reach),
        flagOnlyFixtures({ oddsProvider, predictions, fixtures, leagues: flagOnlyLeagues, log }, now, reach, failed),
      ]);
      const listed = [...forecasts, ...flagOnly.records];
      const due = listed.filter((p) => dueForScan(Date.parse(p.kickoff), now));
      const tally = { scanned: 0, written: 0, unchanged: 0, conflicts: 0, appeared: 0, withdrawn: 0 };
      const [provided, previousMarks] = due.length
        ? await Promise.all([flagOnly.provided ?? storedAsProvided(fixtures, due), marks.all()])
        : [new Map<string, ProviderFixture>(), []];
      const markOf = marksByLeague(previousMarks);
      const newMarks: ScanMark[] = [];
      for (const [leagueId, group] of groupBy(due, (p) => p.leagueId)) {
        let odds;
        try {
          const markets = flagOnlyIds.has(leagueId) ? { markets: flaggedMarkets } : {};
          odds = await oddsProvider.odds(leagueId, providedOf(provided, group), { bookmakers, ...markets });
        } catch (error) {
          if (!isProviderOutage(error)) throw error;
          // The flags stay as the last scan left them; the next league is still worth a call.
          failed.push(leagueId);
          log('Odds scan failed', { leagueId, error: error.message });
          continue;
        }
        // A flagged fixture the answer no longer prices has no edge any more: its flags are withdrawn now, not left up
        // until a later answer prices it again (docs/decisions/0321-a-flag-withdrawn-at-the-first-scan-without-its-edge.md).
        const captured = group.flatMap((p) => {
          const c = odds.get(p.fixtureId) ?? (p.valueBets.length ? unpriced(now) : undefined);
          return c ? [{ p, c }] : [];
        });
        const results = await mapInFlight(captured, WRITES_IN_FLIGHT, ({ p, c }) => rescan(p, c, now));
        const unchanged: string[] = [];
        const written: string[] = [];
        for (const [i, result] of results.entries()) {
          const id = captured[i]!.p.fixtureId;
          tally.scanned += 1;
          if (result.state === 'not-flagged') continue;
          if (result.state === 'unchanged') unchanged.push(id);
          else if (result.state === 'conflict') tally.conflicts += 1;
          else if (result.state === 'written') {
            written.push(id);
            tally.appeared += result.appeared;
            tally.withdrawn += result.withdrawn;
            if (result.first) firstFlagged.push(result.first);
          }
        }
        tally.written += written.length;
        tally.unchanged += unchanged.length;
        const listedIds = new Set(listed.filter((p) => p.leagueId === leagueId && !unwrittenValueOnly(p)).map((p) => p.fixtureId));
        const mark = nextScanMark(markOf.get(leagueId), leagueId, now, { unchanged, written, listed: listedIds });
        if (mark) newMarks.push(mark);
      }
      if (newMarks.length) await marks.saveAll(newMarks);
      const summary =
        `${tally.scanned} of ${due.length} due fixture(s) scanned: ${tally.appeared} flag(s) appeared, ${tally.withdrawn} withdrawn` +
        `; ${tally.written} written, ${tally.unchanged} unchanged${tally.conflicts ? `, ${tally.conflicts} changed since read (left to the next scan)` : ''}` +
        (failed.length ? `; failed: ${failed.join(', ')}` : '');
      return { summary, at: now, firstFlagged };
    },
  };

  /** One fixture's new flags: written with the value entries core finds new, unless nothing but the scan's time changed. */
  async function rescan(p: StoredPrediction, captured: Parameters<typeof captureView>[0], now: Date) {
    const view = captureView(captured, now, list);
    const { valueBets, valueHistory } = followFlags(p, view.flags, now);
    // a flag-only fixture gets its record with its first flag, and none before
    if (unwrittenValueOnly(p) && !valueBets.length) return { state: 'not-flagged' as const };
    const updated: StoredPrediction = {
      ...withFairPrice(p, captured),
      valueBets,
      valueHistory,
      valueScannedAt: now.toISOString(),
      ...(Object.keys(view.best).length ? { bestOdds: view.best, bestBookmakers: view.bestBookmakers } : {}),
      ...booksOf(view, now),
    };
    const entries = newValueEntries(p, updated, now);
    if (!scanWrites(p, updated, entries, now)) return { state: 'unchanged' as const };
    let outcome;
    try {
      outcome = await predictions.writeScan(updated, entries, { now, previous: p });
    } catch (error) {
      // Another writer (a generation run, an overlapping scan) changed it since the read: the next scan starts from that.
      if (error instanceof ScanConflictError) return { state: 'conflict' as const };
      throw error;
    }
    if (outcome === 'kicked-off') return { state: 'kicked-off' as const };
    const before = new Set(p.valueBets.map((v) => v.market));
    // the alerts announce the flags whose entries this write appended (an entry held already was announced with it)
    const appended = new Set(outcome.appended.map((e) => e.selection));
    const first = valueBets.filter((v) => appended.has(v.market));
    return {
      state: 'written' as const,
      appeared: valueBets.filter((v) => !before.has(v.market)).length,
      withdrawn: [...before].filter((s) => !valueBets.some((v) => v.market === s)).length,
      first: first.length ? { ...updated, valueBets: first } : undefined,
    };
  }
}
