/**
 * The ledger's day digests (docs/track-record.md#checking-a-day): each day's entries, as the
 * first columns of their CSV lines, hashed with SHA-256 together with the previous day's digest,
 * in two chains (published, backtest). Sealing and verifying are pure functions here; the
 * metrics job seals, `npm run ledger -- verify` verifies (docs/decisions/0132-day-digests.md).
 */
import { createHash } from 'node:crypto';
import type { LedgerDigest } from '@app/contracts/ledger';
import { groupBy } from '../collections.ts';
import type { LedgerBasis, LedgerEntry } from './entry.ts';

export type { LedgerDigest } from '@app/contracts/ledger';

/** The `previous` of a chain's first day. */
export const GENESIS = '0'.repeat(64);

/** The columns a digest commits to: everything written when the entry is published. */
export const SEALED_COLUMNS = [
  'id',
  'basis',
  'fixture_id',
  'league_id',
  'league',
  'kickoff',
  'home',
  'away',
  'kind',
  'market',
  'selection',
  'probability',
  'fair_probability',
  'price',
  'bookmaker',
  'stake_flat',
  'stake_kelly',
  'model_version',
  'forecast_at',
  'recorded_at',
] as const;

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break; null is empty.
 * A text that a spreadsheet would run as a formula (it begins with = + - @, a tab or a carriage
 * return: team and bookmaker names come from providers) gets a leading apostrophe, so it shows as
 * text (L6, docs/security.md); numbers, negative ones included, are written as they are.
 */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'string' && /^[=+\-@\t\r]/.test(value) ? `'${value}` : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * A value entry written by the odds scan also seals its quote time and how many declared books
 * offered its price: two more columns, hashed only when the quote time is there, so every day
 * sealed before them still checks (docs/decisions/0192-prices-found-when-they-appear.md).
 */
export const SEALED_QUOTE_COLUMNS = ['quoted_at', 'books_at_price'] as const;

/** The sealed part of an entry's CSV line, exactly as the export prints it. */
export function sealedLine(e: LedgerEntry): string {
  return [
    e.id,
    e.basis,
    e.fixtureId,
    e.leagueId,
    e.leagueName,
    e.kickoff,
    e.homeTeam,
    e.awayTeam,
    e.kind,
    e.market,
    e.selection,
    e.probability,
    e.fairProbability,
    e.price,
    e.bookmaker,
    e.stakeFlat,
    e.stakeKelly,
    e.modelVersion,
    e.forecastAt,
    e.recordedAt,
    ...(e.quotedAt ? [e.quotedAt, e.booksAtPrice] : []),
  ]
    .map(csvField)
    .join(',');
}

/** The day an entry belongs to: the UTC day of its forecast. */
export const ledgerDay = (e: Pick<LedgerEntry, 'forecastAt'>) => e.forecastAt.slice(0, 10);

/** A day's entries in digest order: by forecast time, then id. */
export function digestOrder<T extends Pick<LedgerEntry, 'forecastAt' | 'id'>>(entries: readonly T[]): T[] {
  return [...entries].sort((a, b) => a.forecastAt.localeCompare(b.forecastAt) || a.id.localeCompare(b.id));
}

/** SHA-256 (hex) of the previous digest, a line feed, then each line followed by a line feed. */
export function digestOf(previous: string, lines: readonly string[]): string {
  const hash = createHash('sha256').update(`${previous}\n`);
  for (const line of lines) hash.update(`${line}\n`);
  return hash.digest('hex');
}

/** A sealed day that no longer matches its entries: sealing stops rather than rewrite it. */
export class LedgerSealError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'LedgerSealError';
  }
}

/** Entries by day, days in order, each day's entries in digest order. */
function byDay(entries: readonly LedgerEntry[]): Map<string, LedgerEntry[]> {
  return new Map([...groupBy(entries, ledgerDay).entries()].sort(([a], [b]) => a.localeCompare(b)).map(([day, list]) => [day, digestOrder(list)]));
}

const firstKickoff = (entries: readonly LedgerEntry[]) => entries.map((e) => e.kickoff).sort()[0]!;

function newDigest(
  basis: LedgerBasis,
  day: string,
  previous: string,
  entries: readonly LedgerEntry[],
  at: string,
  digest = digestOf(previous, entries.map(sealedLine)),
): LedgerDigest {
  return {
    basis,
    day,
    entries: entries.length,
    digest,
    previous,
    firstKickoff: firstKickoff(entries),
    computedAt: at,
    versions: [{ entries: entries.length, digest, at }],
  };
}

/**
 * Seals the published chain: the last sealed day gains a version when entries were added to it
 * (the earlier version stays a prefix of the new one), later days get their first digest. A
 * published entry is written at the time it is forecast, so only the last sealed day and later
 * ones can change; anything else means a sealed day was altered and throws.
 */
export function sealPublished(last: LedgerDigest | undefined, entries: readonly LedgerEntry[], now: Date): LedgerDigest[] {
  const at = now.toISOString();
  const out: LedgerDigest[] = [];
  let previous = last?.digest ?? GENESIS;
  const days = byDay(entries.filter((e) => e.basis === 'published' && e.forecastAt <= at));
  if (last && !days.has(last.day)) throw new LedgerSealError(`the sealed entries of ${last.day} are gone`);
  for (const [day, list] of days) {
    if (last && day < last.day)
      throw new LedgerSealError(`${list.length} published entr${list.length === 1 ? 'y' : 'ies'} of ${day}, a day sealed before ${last.day}`);
    if (last && day === last.day) {
      if (list.length < last.entries || digestOf(last.previous, list.slice(0, last.entries).map(sealedLine)) !== last.digest) {
        throw new LedgerSealError(`the sealed entries of ${day} no longer match their digest`);
      }
      if (list.length === last.entries) continue;
      const digest = digestOf(last.previous, list.map(sealedLine));
      out.push({
        ...last,
        entries: list.length,
        digest,
        firstKickoff: firstKickoff(list),
        computedAt: at,
        versions: [...last.versions, { entries: list.length, digest, at }],
      });
      previous = digest;
      continue;
    }
    const sealed = newDigest('published', day, previous, list, at);
    out.push(sealed);
    previous = sealed.digest;
  }
  return out;
}

/**
 * Seals the backtest chain from `anchor` (the last stored digest before the days that may still
 * change) over the backtest entries after it: a league added later backfills days that already
 * have a digest, so a changed day is sealed again (new `computedAt`), and so is every later day.
 * A backtest entry claims nothing about before kickoff; its digest says when it was computed.
 */
export function sealBacktest(anchor: LedgerDigest | undefined, stored: readonly LedgerDigest[], entries: readonly LedgerEntry[], now: Date): LedgerDigest[] {
  const at = now.toISOString();
  const current = new Map(stored.map((d) => [d.day, d]));
  const out: LedgerDigest[] = [];
  let previous = anchor?.digest ?? GENESIS;
  for (const [day, list] of byDay(entries.filter((e) => e.basis === 'backtest' && (!anchor || ledgerDay(e) > anchor.day)))) {
    const digest = digestOf(previous, list.map(sealedLine));
    const known = current.get(day);
    if (known?.digest !== digest || known.entries !== list.length) out.push(newDigest('backtest', day, previous, list, at, digest));
    previous = digest;
  }
  return out;
}

const lastDay = (digests: readonly LedgerDigest[]) =>
  digests
    .map((d) => d.day)
    .sort()
    .at(-1) ?? '';

export type DayStatus = 'ok' | 'edited' | 'missing' | 'inserted' | 'broken-link' | 'unsealed' | 'sealed-after-kickoff';

export interface DayCheck {
  basis: LedgerBasis;
  day: string;
  status: DayStatus;
  detail: string;
}

/** Failures make `verify` exit non-zero; the rest are reported. */
export const FAILING: ReadonlySet<DayStatus> = new Set(['edited', 'missing', 'inserted', 'broken-link']);

/**
 * Recomputes one chain from stored entries: every day's digest and every version of it, the
 * links between days, and (published) that each entry was sealed before its kickoff. Entries of
 * days after the last digest are reported as not sealed yet, as are entries beyond a sealed day's
 * count (the next sealing adds them); a published day before the last digest without one fails.
 */
export function verifyChain(basis: LedgerBasis, digests: readonly LedgerDigest[], entries: readonly LedgerEntry[]): DayCheck[] {
  const days = byDay(entries.filter((e) => e.basis === basis));
  const checks: DayCheck[] = [];
  const check = (day: string, status: DayStatus, detail: string) => checks.push({ basis, day, status, detail });
  let previous = GENESIS;
  for (const d of [...digests].sort((a, b) => a.day.localeCompare(b.day))) {
    const list = days.get(d.day) ?? [];
    days.delete(d.day);
    if (d.previous !== previous)
      check(d.day, 'broken-link', `its previous digest ${d.previous.slice(0, 12)}… is not the digest of the day before (${previous.slice(0, 12)}…)`);
    previous = d.digest;
    if (list.length < d.entries) {
      check(d.day, 'missing', `${d.entries} entries sealed, ${list.length} stored`);
      continue;
    }
    const lines = list.map(sealedLine);
    const bad = d.versions.filter((v) => digestOf(d.previous, lines.slice(0, v.entries)) !== v.digest);
    if (digestOf(d.previous, lines.slice(0, d.entries)) !== d.digest || bad.length) {
      check(
        d.day,
        'edited',
        `the stored entries do not hash to the day's digest${bad.length ? ` (${bad.length} of ${d.versions.length} versions differ)` : ''}`,
      );
      continue;
    }
    if (list.length > d.entries) check(d.day, 'unsealed', `${list.length - d.entries} entries added after the last sealing`);
    const late = basis === 'published' ? list.filter((e, i) => (d.versions.find((v) => v.entries > i)?.at ?? '') >= e.kickoff).length : 0;
    if (late) check(d.day, 'sealed-after-kickoff', `${late} entries were first sealed after their kickoff`);
    if (!late && list.length === d.entries) check(d.day, 'ok', `${d.entries} entries`);
  }
  // A published day before the last sealed one cannot gain entries: its day has passed.
  for (const [day, list] of days) {
    if (basis === 'published' && day < lastDay(digests)) check(day, 'inserted', `${list.length} entries in a day before the last sealed one, without a digest`);
    else check(day, 'unsealed', `${list.length} entries not sealed yet`);
  }
  return checks.sort((a, b) => a.day.localeCompare(b.day));
}
