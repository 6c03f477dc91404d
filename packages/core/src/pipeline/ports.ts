import type { LeagueModelState } from '@app/model/forecast';
import type { MatchRecord } from '@app/model/types';
import type { LedgerEntry, LedgerOutcome } from '../ledger/entry.ts';
import { ConflictError } from '../errors.ts';
import type { PredictionRepository } from '../predictions/ports.ts';
export type { ValueOnlyReads } from '../predictions/ports.ts';
import type { StoredPrediction } from '../predictions/prediction.ts';
import type { ClosingOdds, FixtureOdds } from '../predictions/odds.ts';
import type { League, ProviderFixture } from './providers.ts';

/** A fixture as stored: what the provider said, plus the odds captured before kickoff. */
export interface StoredFixture extends ProviderFixture {
  leagueName: string;
  odds?: FixtureOdds;
  updatedAt: string;
  /** Finished, but its match statistics could not be read yet: the next results run reads them and adds the match to the history. */
  statisticsPending?: boolean;
}

/** A played match kept for training, with a stable id (the fixture id). */
export type HistoryRecord = MatchRecord & { id: string };

export interface LeagueRepository {
  saveAll(leagues: League[]): Promise<void>;
  listActive(): Promise<League[]>;
}

export interface FixtureRepository {
  saveAll(fixtures: StoredFixture[]): Promise<void>;
  get(fixtureId: string): Promise<StoredFixture | undefined>;
  /** The fixtures with kickoff within [from, to], read by UTC match day (a few reads for any number of fixtures). */
  listByKickoff(from: Date, to: Date): Promise<StoredFixture[]>;
  /**
   * The last prices seen shortly before kickoff (the closing-odds task), kept apart from the
   * fixture so the fixture's daily sync never drops them: the closing price of a provider that
   * keeps no closing line.
   */
  saveClosingSnapshot(fixtureId: string, snapshot: ClosingOdds): Promise<void>;
  closingSnapshot(fixtureId: string): Promise<ClosingOdds | undefined>;
}

export interface HistoryRepository {
  /** Every stored played match of the league, oldest first. */
  list(leagueId: string): Promise<HistoryRecord[]>;
  /** Upserts by id, so appending a settled match twice stores it once. */
  append(leagueId: string, records: HistoryRecord[]): Promise<void>;
}

export interface ModelStateRepository {
  latest(leagueId: string): Promise<LeagueModelState | undefined>;
  save(leagueId: string, state: LeagueModelState): Promise<void>;
}

export interface PipelinePredictionRepository extends PredictionRepository {
  get(fixtureId: string): Promise<StoredPrediction | undefined>;
  /**
   * Writes the prediction and appends the ledger entries it publishes that the ledger does not
   * hold yet (an entry is never replaced: docs/decisions/0130-the-bet-ledger.md), in one
   * transaction. Predictions freeze at kickoff: unless `backfill`, nothing is written for a
   * fixture whose stored prediction or new kickoff is not after `now` (returns false).
   */
  write(prediction: StoredPrediction, entries: LedgerEntry[], options: { now: Date; backfill?: boolean }): Promise<boolean>;
  /**
   * The odds scan's write (docs/decisions/0295-one-owner-for-the-scan-write.md): the rescanned
   * prediction and the value entries core decided are new, in one conditional transaction and
   * without reading the ledger. The prediction is written only if it is still the one the scan
   * read (`previous`: the same `generatedAt` and `valueScannedAt`) and its kickoff is after `now`;
   * each entry only if the ledger does not hold it. An entry the ledger holds already is left out
   * (not an error: `appended` lists those written). 'kicked-off' (nothing written) when the
   * kickoff is not after `now`; a prediction changed since it was read throws `ScanConflictError`.
   * A flag-only record (`valueOnly`) goes to its own item; one the scan read as new (no `valueScannedAt`) is
   * written only if none is stored.
   */
  writeScan(
    prediction: StoredPrediction,
    entries: LedgerEntry[],
    options: { now: Date; previous: Pick<StoredPrediction, 'generatedAt' | 'valueScannedAt'> },
  ): Promise<{ appended: LedgerEntry[] } | 'kicked-off'>;
  /**
   * Records the result (or the void) on the prediction and the outcome of each of its ledger
   * entries, once, in one transaction (false if it was settled already).
   */
  settle(prediction: StoredPrediction, outcomes: Array<{ entryId: string; fixtureId: string; outcome: LedgerOutcome }>): Promise<boolean>;
}

/** The stored prediction changed between the scan's read and its write (a generation run, another scan): nothing was written; the next scan recomputes from it. */
export class ScanConflictError extends ConflictError {
  constructor(
    readonly fixtureId: string,
    options?: ErrorOptions,
  ) {
    super(`The prediction of ${fixtureId} changed since the scan read it`, options);
    this.name = 'ScanConflictError';
  }
}

export type JobType = 'generate' | 'results' | 'metrics';
export type JobStatus = 'queued' | 'running' | 'done' | 'failed';

export interface JobRecord {
  id: string;
  type: JobType;
  status: JobStatus;
  requestedBy: string;
  /** Task keys: league ids, or 'all' for the metrics job. */
  tasks: string[];
  total: number;
  done: number;
  failed: number;
  createdAt: string;
  startedAt?: string;
  finishedAt?: string;
  error?: string;
}

export interface TaskRecord {
  jobId: string;
  key: string;
  status: 'pending' | 'running' | 'done' | 'failed';
  /** Deliveries that started the task (an expired lease counts as a failed one). */
  attempts: number;
  /** While running: epoch ms until which the current attempt holds the task. */
  leaseUntil?: number;
  /** Set when the task was closed by its dead-lettered message: a replay of it may reopen the task. */
  deadLettered?: boolean;
  detail?: string;
}

/** What `beginTask` found. */
export type TaskStart =
  | { state: 'started'; attempts: number }
  /** Another delivery holds a live lease on it: not started twice. */
  | { state: 'busy'; leaseUntil: number }
  /** Done or failed already (a redelivery), or no such task. */
  | { state: 'complete' };

export interface JobRepository {
  create(job: JobRecord): Promise<void>;
  get(jobId: string): Promise<JobRecord | undefined>;
  tasks(jobId: string): Promise<TaskRecord[]>;
  latest(type: JobType): Promise<JobRecord | undefined>;
  /** The type's latest `limit` runs, oldest first. */
  recent(type: JobType, limit: number): Promise<JobRecord[]>;
  /** Sets the job running with one pending task per key (idempotent on redelivery). */
  start(jobId: string, keys: string[], at: Date): Promise<JobRecord>;
  /** Ends a run that has not finished, with `reason` (e.g. no leagues, a dead-lettered plan); false when it had finished already. */
  close(jobId: string, status: 'done' | 'failed', reason: string, at: Date): Promise<boolean>;
  /** One run of a job type at a time: a lease, taken over once expired; the holder renews it by calling again. */
  acquireLock(type: JobType, jobId: string, until: Date, now: Date): Promise<boolean>;
  lockHolder(type: JobType, now: Date): Promise<string | undefined>;
  /**
   * Queues `jobId` to run right after the live lock holder: 'queued' (it is the follow-up now),
   * `{ joined }` (another follow-up was queued already: that one will include this request's
   * work), or 'free' (no live holder: take the lock instead).
   */
  queueFollowUp(type: JobType, jobId: string, now: Date): Promise<'queued' | 'free' | { joined: string }>;
  /** Releases the lock if `jobId` holds it; returns the follow-up run queued behind it, if any. */
  releaseLock(type: JobType, jobId: string): Promise<string | undefined>;
  /**
   * Takes the task's lease until `leaseUntil` and counts an attempt: from pending, from running
   * under an expired lease (that attempt died), or from failed-by-dead-letter (a replay reopens
   * the task and its job). A live lease held by another delivery is not taken.
   */
  beginTask(jobId: string, key: string, leaseUntil: Date, now: Date): Promise<TaskStart>;
  /** Extends the lease of the attempt that holds it (`attempts` fences an attempt that lost it); false when it lost it. */
  renewTask(jobId: string, key: string, attempts: number, leaseUntil: Date): Promise<boolean>;
  /**
   * Completes a task and counts it on the job in one transaction (a redelivered message never
   * counts twice); the call that completes the last task also finishes the job
   * (`finishedNow`): failed when no task succeeded or `jobError` (a dead letter) was given,
   * done otherwise. Undefined when the task was already complete.
   */
  completeTask(
    jobId: string,
    key: string,
    outcome: 'done' | 'failed',
    detail: string,
    at: Date,
    options?: { jobError?: string; deadLettered?: boolean },
  ): Promise<{ job: JobRecord; finishedNow: boolean } | undefined>;
}
