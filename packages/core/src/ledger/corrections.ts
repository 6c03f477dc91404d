/**
 * Staff corrections (docs/decisions/0193-corrections-that-cannot-rewrite.md): when one is allowed,
 * and the chain that seals them, one link per correction, so `npm run ledger -- verify` notices an
 * edited, removed or inserted correction. Pure functions.
 */
import { ValidationError } from '../errors.ts';
import { round } from '../numbers.ts';
import { csvField, digestOf, GENESIS } from './digest.ts';
import type { LedgerCorrection, RecordedEntry } from './entry.ts';

/** A corrected price may differ from the price taken by at most this fraction, either way. */
export const CORRECTION_RANGE = 0.1;
/** Without a price taken: at most this multiple of the fair odds (1 / fair probability, else 1 / our probability). */
export const UNPRICED_CEILING = 1.5;

/** The range a correction of this entry must lie in, inclusive. */
export function correctionRange(entry: Pick<RecordedEntry, 'price' | 'fairProbability' | 'probability'>): [number, number] {
  if (entry.price !== null) return [Math.max(1.01, round(entry.price * (1 - CORRECTION_RANGE), 2)), round(entry.price * (1 + CORRECTION_RANGE), 2)];
  const fair = entry.fairProbability ?? entry.probability;
  return [1.01, Math.max(1.01, round(UNPRICED_CEILING / fair, 2))];
}

/** Refuses a price outside the entry's range with the range in the message. */
export function assertCorrectable(entry: Pick<RecordedEntry, 'price' | 'fairProbability' | 'probability'>, odds: number): void {
  const [low, high] = correctionRange(entry);
  if (odds < low || odds > high) {
    throw new ValidationError(
      entry.price !== null
        ? `Odds can be corrected only within 10% of the price taken (${entry.price}): between ${low} and ${high}`
        : `Odds without a recorded price can be entered up to 1.5 times the fair odds: between ${low} and ${high}`,
    );
  }
}

/** The fields a correction's link hashes, in order. */
const LINK_FIELDS = (c: Omit<LedgerCorrection, 'sequence' | 'previous' | 'digest'>, sequence: number) =>
  [sequence, c.entryId, c.fixtureId, c.kickoff, c.oldPrice, c.newPrice, c.by, c.at].map(csvField).join(',');

/** The head of the chain: the last correction's sequence and digest (0 and the genesis when empty). */
export interface CorrectionHead {
  sequence: number;
  digest: string;
}
export const EMPTY_HEAD: CorrectionHead = { sequence: 0, digest: GENESIS };

/** The next link: the correction sealed after `head`. */
export function sealCorrection(head: CorrectionHead, c: Omit<LedgerCorrection, 'sequence' | 'previous' | 'digest'>): LedgerCorrection {
  const sequence = head.sequence + 1;
  return { ...c, sequence, previous: head.digest, digest: digestOf(head.digest, [LINK_FIELDS(c, sequence)]) };
}

export interface CorrectionsCheck {
  ok: boolean;
  corrections: number;
  problems: string[];
}

/**
 * Recomputes the chain from the stored corrections: every link's digest, the links between them,
 * no gap in the sequence, and the stored head at the last link.
 */
export function verifyCorrections(stored: readonly LedgerCorrection[], head: CorrectionHead): CorrectionsCheck {
  const problems: string[] = [];
  let previous = GENESIS;
  const ordered = [...stored].sort((a, b) => a.sequence - b.sequence);
  ordered.forEach((c, i) => {
    if (c.sequence !== i + 1) problems.push(`correction ${i + 1} is missing (found ${c.sequence} next)`);
    if (c.previous !== previous) problems.push(`correction ${c.sequence} does not follow the one before it`);
    if (digestOf(c.previous, [LINK_FIELDS(c, c.sequence)]) !== c.digest) problems.push(`correction ${c.sequence} (${c.entryId}) was edited`);
    previous = c.digest;
  });
  const last = ordered.at(-1);
  if ((last?.sequence ?? 0) !== head.sequence || previous !== head.digest)
    problems.push(`the chain ends at ${last?.sequence ?? 0}, its head says ${head.sequence}`);
  return { ok: problems.length === 0, corrections: ordered.length, problems };
}
