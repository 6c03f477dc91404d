import type { LeagueModelState } from '@app/model/forecast';
import type { MatchRecord } from '@app/model/types';
import type { Pick } from '../picks/pick.ts';
import type { PredictionRepository } from '../predictions/ports.ts';
import type { StoredPrediction } from '../predictions/prediction.ts';
import type { FixtureOdds, League, ProviderFixture } from './providers.ts';

/** A fixture as stored: what the provider said, plus the odds captured before kickoff. */
export interface StoredFixture extends ProviderFixture {
  leagueName: string;
  odds?: FixtureOdds;
  updatedAt: string;
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

export interface PredictionStore extends PredictionRepository {
  get(fixtureId: string): Promise<StoredPrediction | undefined>;
  /**
   * Writes the prediction with its high-confidence picks (removing picks it no longer has).
   * Predictions freeze at kickoff: unless `backfill`, nothing is written for a fixture whose
   * stored prediction or new kickoff is not after `now` (returns false).
   */
  write(prediction: StoredPrediction, picks: Pick[], options: { now: Date; backfill?: boolean }): Promise<boolean>;
  /** Records the result (or the void) on the prediction and its picks, once (false if it was settled already). */
  settle(prediction: StoredPrediction, picks: Pick[]): Promise<boolean>;
}

export interface PickRepository {
  /** High-confidence picks with kickoff in [from, to], oldest first. */
  listByKickoff(from: Date, to: Date): Promise<Pick[]>;
  listForFixture(fixtureId: string): Promise<Pick[]>;
  get(pickId: string): Promise<Pick | undefined>;
  setWinningOdds(pickId: string, odds: number): Promise<void>;
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
  attempts: number;
  detail?: string;
}

export interface JobRepository {
  create(job: JobRecord): Promise<void>;
  get(jobId: string): Promise<JobRecord | undefined>;
  tasks(jobId: string): Promise<TaskRecord[]>;
  latest(type: JobType): Promise<JobRecord | undefined>;
  /** Sets the job running with one pending task per key (idempotent on redelivery). */
  start(jobId: string, keys: string[], at: Date): Promise<JobRecord>;
  /** Ends a job that never started its tasks (e.g. another run held the lock). */
  fail(jobId: string, reason: string, at: Date): Promise<void>;
  /** One run of a job type at a time: a lease, taken over once expired. */
  acquireLock(type: JobType, jobId: string, until: Date, now: Date): Promise<boolean>;
  lockHolder(type: JobType, now: Date): Promise<string | undefined>;
  releaseLock(type: JobType, jobId: string): Promise<void>;
  /** Marks a task running; false when it is already done or failed (a redelivery). */
  beginTask(jobId: string, key: string): Promise<boolean>;
  /**
   * Completes a task and counts it on the job in one transaction (a redelivered message never
   * counts twice); the call that completes the last task also finishes the job
   * (`finishedNow`). Undefined when the task was already complete.
   */
  completeTask(jobId: string, key: string, outcome: 'done' | 'failed', detail: string, at: Date): Promise<{ job: JobRecord; finishedNow: boolean } | undefined>;
}
