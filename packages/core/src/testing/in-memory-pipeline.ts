// The generation pipeline's stores in memory, for core's unit tests, with the DynamoDB adapters'
// behaviours: history upserts by id and lists oldest first, a saved fixture replaces the stored
// one, predictions freeze at kickoff, a settled prediction stays settled, the ledger is
// append-only (an entry it holds is kept as it was: docs/decisions/0130-the-bet-ledger.md).
import type { LeagueModelState } from '@app/model/forecast';
import type { LedgerEntry, RecordedEntry } from '../ledger/entry.ts';
import type { StoredPrediction } from '../predictions/prediction.ts';
import type {
  FixtureRepository,
  HistoryRecord,
  HistoryRepository,
  LeagueRepository,
  ModelStateRepository,
  PipelinePredictionRepository,
  StoredFixture,
  ValueOnlyReads,
} from '../pipeline/ports.ts';
import type { ScanMark, ScanMarkRepository } from '../predictions/ports.ts';
import { ScanConflictError } from '../pipeline/ports.ts';
import type { ClosingOdds } from '../predictions/odds.ts';
import type { League } from '../pipeline/providers.ts';
import { InMemoryTrackedBets } from './in-memory-my-bets.ts';

export interface InMemoryPipelineOptions {
  leagues: League[];
  /** The prediction store throws after this many writes (a consumer killed mid-run). */
  failAfterWrites?: number;
}

/** The pipeline's stores and what they hold; `heal()` lets a store that was failing writes work again. */
export function inMemoryPipeline(options: InMemoryPipelineOptions) {
  const history = new Map<string, HistoryRecord>();
  const fixtures = new Map<string, StoredFixture>();
  const closingSnapshots = new Map<string, ClosingOdds>();
  const models = new Map<string, LeagueModelState>();
  const predictions = new Map<string, { prediction: StoredPrediction; entries: LedgerEntry[] }>();
  /** The flag-only records of leagues without history, apart from the forecasts (as the adapter's own item and index). */
  const valueOnly = new Map<string, { prediction: StoredPrediction; entries: LedgerEntry[] }>();
  const scanMarks = new Map<string, ScanMark>();
  let failAfterWrites = options.failAfterWrites;
  let writes = 0;
  let scanWrites = 0;
  let settles = 0;
  const within = (rows: Map<string, { prediction: StoredPrediction }>, from: Date, to: Date) =>
    [...rows.values()].map((p) => p.prediction).filter((p) => Date.parse(p.kickoff) >= from.getTime() && Date.parse(p.kickoff) <= to.getTime());
  const store: PipelinePredictionRepository & ValueOnlyReads = {
    listByKickoff: async (from, to) => within(predictions, from, to),
    listValueOnlyByKickoff: async (from, to) => structuredClone(within(valueOnly, from, to)),
    get: async (id) => predictions.get(id)?.prediction,
    write: async (prediction, entries, { now, backfill }) => {
      if (failAfterWrites !== undefined && writes >= failAfterWrites) throw new Error('consumer killed');
      writes += 1;
      if (!backfill && Date.parse(prediction.kickoff) <= now.getTime()) return false;
      const held = predictions.get(prediction.fixtureId)?.entries ?? [];
      predictions.set(prediction.fixtureId, structuredClone({ prediction, entries: [...held, ...entries.filter((e) => !held.some((h) => h.id === e.id))] }));
      return true;
    },
    // as the DynamoDB adapter: one conditional write, on the prediction as the scan read it, entries appended once, no ledger read
    writeScan: async (prediction, entries, { now, previous }) => {
      if (Date.parse(prediction.kickoff) <= now.getTime()) return 'kicked-off';
      const rows = prediction.valueOnly ? valueOnly : predictions;
      // a flag-only record the scan read as new is written only if none is stored
      const fresh = prediction.valueOnly && previous.valueScannedAt === undefined && !rows.has(prediction.fixtureId);
      const row = fresh
        ? { prediction: { ...prediction, generatedAt: previous.generatedAt, valueScannedAt: undefined }, entries: [] }
        : rows.get(prediction.fixtureId);
      if (
        !row ||
        Date.parse(row.prediction.kickoff) <= now.getTime() ||
        row.prediction.generatedAt !== previous.generatedAt ||
        row.prediction.valueScannedAt !== previous.valueScannedAt
      )
        throw new ScanConflictError(prediction.fixtureId);
      scanWrites += 1;
      const appended = entries.filter((e) => !row.entries.some((h) => h.id === e.id));
      rows.set(prediction.fixtureId, structuredClone({ prediction, entries: [...row.entries, ...appended] }));
      return { appended };
    },
    settle: async (prediction, outcomes) => {
      // a flag-only record is settled in its own item, as the adapter does
      const rows = prediction.valueOnly ? valueOnly : predictions;
      const row = rows.get(prediction.fixtureId);
      if (!row || row.prediction.status === 'settled') return false;
      settles += 1;
      rows.set(
        prediction.fixtureId,
        structuredClone({ prediction, entries: row.entries.map((e) => ({ ...e, ...outcomes.find((o) => o.entryId === e.id)?.outcome })) }),
      );
      return true;
    },
  };
  const historyRepository: HistoryRepository = {
    list: async (leagueId) =>
      [...history.values()].filter((r) => r.league === leagueId).sort((a, b) => a.date.localeCompare(b.date) || a.id.localeCompare(b.id)),
    append: async (_leagueId, records) => records.forEach((r) => history.set(r.id, structuredClone(r))),
  };
  const fixtureRepository: FixtureRepository = {
    saveAll: async (list) => list.forEach((f) => fixtures.set(f.id, structuredClone(f))),
    get: async (id) => structuredClone(fixtures.get(id)),
    listByKickoff: async (from, to) =>
      structuredClone([...fixtures.values()].filter((f) => Date.parse(f.kickoff) >= from.getTime() && Date.parse(f.kickoff) <= to.getTime())),
    saveClosingSnapshot: async (id, snapshot) => void closingSnapshots.set(id, structuredClone(snapshot)),
    closingSnapshot: async (id) => structuredClone(closingSnapshots.get(id)),
  };
  const modelRepository: ModelStateRepository = {
    latest: async (league) => models.get(league),
    save: async (league, state) => void models.set(league, state),
  };
  const marks: ScanMarkRepository = {
    all: async () => structuredClone([...scanMarks.values()]),
    get: async (leagueId) => structuredClone(scanMarks.get(leagueId)),
    saveAll: async (list) => list.forEach((m) => scanMarks.set(m.leagueId, structuredClone(m))),
  };
  const leagueRepository: LeagueRepository = { saveAll: async () => {}, listActive: async () => options.leagues };
  const trackedBets = new InMemoryTrackedBets();
  const ledger = {
    listForFixture: async (id: string): Promise<RecordedEntry[]> =>
      (predictions.get(id)?.entries ?? valueOnly.get(id)?.entries ?? []).map((e) => ({ ...e, corrections: [] })),
  };
  return {
    ports: {
      leagues: leagueRepository,
      fixtures: fixtureRepository,
      history: historyRepository,
      models: modelRepository,
      predictions: store,
      ledger,
      marks,
      trackedBets,
    },
    trackedBets,
    history,
    fixtures,
    models,
    predictions,
    valueOnly,
    scanMarks,
    counts: () => ({ writes, settles, scanWrites }),
    heal: () => {
      failAfterWrites = undefined;
    },
  };
}
