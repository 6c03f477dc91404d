import type { TrackRecord, Trend } from '@app/contracts/metrics';
import type { CorrectionHead } from './corrections.ts';
import type { LedgerDigest } from './digest.ts';
import type { LedgerBasis, LedgerCorrection, LedgerEntry, RecordedEntry } from './entry.ts';

/**
 * The ledger as stored. Entries are appended with their prediction and settled with it
 * (`PipelinePredictionRepository.write` / `settle`, one transaction each); this port reads them and adds what
 * may be added later: corrections and digests. No method rewrites what an entry was published
 * with (docs/decisions/0130-the-bet-ledger.md).
 */
export interface LedgerRepository {
  /** Entries, with their corrections, whose match kicks off in [from, to]. */
  listByKickoff(from: Date, to: Date): Promise<RecordedEntry[]>;
  /** The fixture's entries, read consistently. */
  listForFixture(fixtureId: string): Promise<RecordedEntry[]>;
  get(entryId: string): Promise<RecordedEntry | undefined>;
  /**
   * Appends a sealed correction of a settled (won or lost) entry and moves the corrections chain's
   * head to it, in one write: `not-settled` when there is no such settled entry, `head-moved` when
   * another correction was sealed after the head the caller read (read it again and reseal).
   */
  correct(correction: LedgerCorrection): Promise<'ok' | 'not-settled' | 'head-moved'>;
  /** The corrections chain's head (sequence 0 and the genesis digest before the first). */
  correctionHead(): Promise<CorrectionHead>;
  /** Every correction, in chain order. */
  listCorrections(): Promise<LedgerCorrection[]>;
  /**
   * Published value entries first flagged (their `forecastAt`, the scan that flagged them) in
   * [from, to], oldest first: what an alert dispatcher reads, one query per UTC day.
   */
  listValueFlagged(from: Date, to: Date): Promise<LedgerEntry[]>;
  /** A chain's digests, oldest day first. */
  digests(basis: LedgerBasis): Promise<LedgerDigest[]>;
  /** Writes digests (the metrics job's lock makes it the only writer). */
  saveDigests(digests: readonly LedgerDigest[]): Promise<void>;
}

/** Where the headline figures and the trend are kept for the hot public reads. */
export interface TrackRecordRepository {
  /**
   * Stores them as computed from the ledger read at `readAt`, unless figures from a later read
   * are stored already (a slower run must not overwrite a correction's recomputation). False then.
   */
  saveLatest(latest: TrackRecord, trend: Trend, readAt: Date): Promise<boolean>;
}
