import type { LedgerEntryView } from '@app/contracts/ledger';
import { round } from '../numbers.ts';
import { csvField, SEALED_COLUMNS, SEALED_QUOTE_COLUMNS, sealedLine } from './digest.ts';
import { clvOf, profitAt, type RecordedEntry } from './entry.ts';

/** An entry as the export shows it: the sealed fields, then what it gained and every correction. */
export function entryView(e: RecordedEntry): LedgerEntryView {
  const price = e.price;
  const clv = clvOf(e);
  return {
    id: e.id,
    basis: e.basis,
    fixtureId: e.fixtureId,
    leagueId: e.leagueId,
    league: e.leagueName,
    kickoff: e.kickoff,
    homeTeam: e.homeTeam,
    awayTeam: e.awayTeam,
    kind: e.kind,
    market: e.market,
    line: e.market === 'ou25' ? 2.5 : null,
    selection: e.selection,
    probability: e.probability,
    fairProbability: e.fairProbability,
    price: e.price,
    bookmaker: e.bookmaker,
    quotedAt: e.quotedAt ?? null,
    booksAtPrice: e.booksAtPrice ?? null,
    stakeFlat: e.stakeFlat,
    stakeKelly: e.stakeKelly,
    modelVersion: e.modelVersion,
    forecastAt: e.forecastAt,
    recordedAt: e.recordedAt,
    closing: e.closing ?? null,
    result: e.result ?? null,
    score: e.score ?? null,
    settledAt: e.settledAt ?? null,
    effectivePrice: price,
    profit: e.result ? (profitAt(e, e.result, price) ?? null) : null,
    clv: clv === null ? null : round(clv, 4),
    corrections: e.corrections.map((c) => ({ oldPrice: c.oldPrice, newPrice: c.newPrice, by: c.by, at: c.at, sequence: c.sequence, digest: c.digest })),
  };
}

/** The columns after the sealed ones: what an entry gains after kickoff, and its latest correction. */
const OUTCOME_COLUMNS = [
  'closing_price',
  'closing_fair_probability',
  'closing_source',
  'closing_at',
  'result',
  'score',
  'settled_at',
  'effective_price',
  'profit_flat',
  'profit_kelly',
  'clv',
  'corrections',
  'corrected_by',
  'corrected_at',
] as const;

/** What the export prints where a figure cannot exist. */
const NO_CLOSING_PRICE = 'no closing price';

/**
 * The ledger as CSV: a header row, then one line per entry in digest order. The first
 * SEALED_COLUMNS of each line, and the two quote columns when `quoted_at` is not empty, are
 * exactly what the day's digest hashed (docs/track-record.md#checking-a-day).
 */
export function ledgerCsv(entries: readonly RecordedEntry[]): string {
  const lines = [[...SEALED_COLUMNS, ...SEALED_QUOTE_COLUMNS, ...OUTCOME_COLUMNS].join(',')];
  for (const e of entries) {
    const v = entryView(e);
    const last = e.corrections.at(-1);
    const outcome = [
      v.closing?.price ?? (v.result && v.result !== 'void' ? NO_CLOSING_PRICE : null),
      v.closing?.fairProbability,
      v.closing?.source,
      v.closing?.capturedAt,
      v.result,
      v.score ? `${v.score.home}-${v.score.away}` : null,
      v.settledAt,
      v.effectivePrice,
      v.profit?.flat,
      v.profit?.kelly,
      v.clv ?? (v.result && v.result !== 'void' ? NO_CLOSING_PRICE : null),
      e.corrections.length,
      last?.by,
      last?.at,
    ];
    // an entry without a quote time has its two quote columns empty (and unhashed)
    lines.push(`${sealedLine(e)}${e.quotedAt ? '' : ',,'},${outcome.map(csvField).join(',')}`);
  }
  return `${lines.join('\n')}\n`;
}
