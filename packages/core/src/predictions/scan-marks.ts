/**
 * What a read shows of a prediction the odds scan did not rewrite because nothing but the scan's
 * time changed (docs/decisions/0296-a-scan-that-changed-nothing-writes-nothing.md). Pure functions.
 */
import type { ScanMark } from './ports.ts';
import type { StoredPrediction } from './prediction.ts';

/**
 * A stored prediction as of the last scan of it: when a later scan found it unchanged (its
 * league's mark) and was not generated again since, its "as of" and its flags' "seen" are that
 * scan's: exactly what a write would have stored.
 */
export function asOfLastScan(p: StoredPrediction, marks: ReadonlyMap<string, ScanMark>): StoredPrediction {
  const at = marks.get(p.leagueId)?.unchanged[p.fixtureId];
  // (a prediction generated or scanned again after that scan is newer than the mark)
  if (!at || p.generatedAt > at || (p.valueScannedAt !== undefined && p.valueScannedAt >= at)) return p;
  return { ...p, valueScannedAt: at, valueBets: p.valueBets.map((v) => ({ ...v, seenAt: at })) };
}

/** The marks by league, for `asOfLastScan`. */
export const marksByLeague = (marks: readonly ScanMark[]): Map<string, ScanMark> => new Map(marks.map((m) => [m.leagueId, m]));
