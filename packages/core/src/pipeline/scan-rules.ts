/**
 * What an odds scan writes, decided here and nowhere else (docs/decisions/0295-one-owner-for-the-scan-write.md,
 * docs/decisions/0296-a-scan-that-changed-nothing-writes-nothing.md): which value entries are new,
 * whether the rescanned prediction differs from the stored one in anything but the scan's time,
 * and what the last scan saw of the predictions it did not rewrite. Pure functions.
 */
import { isDeepStrictEqual } from 'node:util';
import { ledgerEntriesOf, type LedgerEntry } from '../ledger/entry.ts';
import type { Selection, StoredPrediction } from '../predictions/prediction.ts';
import type { ScanMark } from '../predictions/ports.ts';

/** Within this of kickoff a scan is the last one: it writes whatever it found, so the stored prediction keeps its final "as of". */
export const LAST_SCAN_MS = 15 * 60_000;

/** The selections ever flagged on a prediction: its current flags and every `flagged` event it keeps. */
export function everFlagged(p: Pick<StoredPrediction, 'valueBets' | 'valueHistory'>): Set<Selection> {
  return new Set([...p.valueBets.map((v) => v.market), ...(p.valueHistory ?? []).filter((e) => e.event === 'flagged').map((e) => e.selection)]);
}

/**
 * The value entries a scan appends to the ledger: one per flag whose selection was never flagged
 * on the stored prediction (a flag withdrawn and back is not new: its entry and its alert were
 * written the first time). The same rule picks the flags the alerts announce.
 */
export function newValueEntries(previous: StoredPrediction, updated: StoredPrediction, now: Date): LedgerEntry[] {
  const before = everFlagged(previous);
  return ledgerEntriesOf(updated, 'published', now).filter((e) => e.kind === 'value' && !before.has(e.selection));
}

/** As stored: what JSON (and DynamoDB) keep, so an absent field and an undefined one are the same. */
const stored = (value: unknown): unknown => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)));

/** What a scan stores of a prediction, but for the scan's own time (`valueScannedAt`, each flag's `seenAt`). */
function scanned(p: StoredPrediction) {
  return stored({
    valueBets: p.valueBets.map(({ seenAt: _seen, ...v }) => v),
    valueHistory: p.valueHistory ?? [],
    bestOdds: p.bestOdds,
    bestBookmakers: p.bestBookmakers,
  });
}

/** Whether the rescanned prediction differs from the stored one in anything but the time of the scan. */
export function changedByScan(previous: StoredPrediction, updated: StoredPrediction): boolean {
  return !isDeepStrictEqual(scanned(previous), scanned(updated));
}

/**
 * Whether a scan writes the rescanned prediction: when it changed, when it has new entries, or at
 * the last scan before kickoff (the stored "as of" then stays true after kickoff, when no mark
 * keeps it any more).
 */
export function scanWrites(previous: StoredPrediction, updated: StoredPrediction, newEntries: readonly LedgerEntry[], now: Date): boolean {
  return newEntries.length > 0 || changedByScan(previous, updated) || Date.parse(updated.kickoff) - now.getTime() <= LAST_SCAN_MS;
}

/**
 * A league's mark after a scan: the fixtures found unchanged now at `at`, the earlier ones still
 * listed (`listed`: the league's predictions not kicked off) and not rewritten now. Undefined when
 * it would not change (nothing to write).
 */
export function nextScanMark(
  previous: ScanMark | undefined,
  leagueId: string,
  at: Date,
  { unchanged, written, listed }: { unchanged: readonly string[]; written: readonly string[]; listed: ReadonlySet<string> },
): ScanMark | undefined {
  const iso = at.toISOString();
  const kept = Object.entries(previous?.unchanged ?? {}).filter(([id]) => listed.has(id) && !written.includes(id));
  const next: Record<string, string> = Object.fromEntries([...kept, ...unchanged.map((id) => [id, iso] as const)]);
  const same = previous && isDeepStrictEqual(previous.unchanged, next);
  if (same || (!previous && !Object.keys(next).length)) return undefined;
  return { leagueId, at: iso, unchanged: next };
}
