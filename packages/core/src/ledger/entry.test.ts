import { describe, expect, it } from 'vitest';
import type { StoredPrediction } from '../predictions/prediction.ts';
import { ledgerEntry } from '../testing/ledger-entries.ts';
import { closingPriceOf } from './closing.ts';
import { sealCorrection, EMPTY_HEAD } from './corrections.ts';
import { quarterKelly } from '../predictions/stake.ts';
import { clvOf, ledgerEntriesOf, outcomeOf, parseEntryId, shownOdds } from './entry.ts';
import { entryView } from './views.ts';

const prediction: StoredPrediction = {
  id: 'f1',
  fixtureId: 'f1',
  leagueId: 'L1',
  leagueName: 'League One',
  homeTeam: 'Alpha',
  awayTeam: 'Bravo',
  kickoff: '2026-11-22T15:00:00Z',
  probabilities: { home: 0.25, draw: 0.12, away: 0.63 },
  overUnder25: { over: 0.52, under: 0.48 },
  market: { home: 0.25, draw: 0.12, away: 0.63, over25: 0.52 },
  valueBets: [{ market: 'home', odds: 4.4, edge: 0.1 }],
  bestOdds: { home: 4.4, draw: 8, away: 1.66, over25: 1.95, under25: 2.0 },
  bestBookmakers: { home: 'Velox', away: 'Northbet' },
  modelVersion: 'm@2026-11-22',
  generatedAt: '2026-11-22T06:00:00.000Z',
  origin: 'published',
};
const recorded = new Date('2026-11-22T06:00:03Z');

describe('ledger entries (docs/decisions/0130-the-bet-ledger.md)', () => {
  it('records a value entry as its flag was first seen: price, bookmaker, quote time, fair probability, books at that price', () => {
    const flagged = {
      ...prediction,
      valueBets: [
        {
          market: 'home' as const,
          odds: 4.6,
          edge: 0.15,
          bookmaker: 'Northbet',
          fairProbability: 0.25,
          quotedAt: '2026-11-22T10:58:00.000Z',
          booksAtPrice: 2,
          flaggedAt: '2026-11-22T11:00:00.000Z',
          seenAt: '2026-11-22T13:00:00.000Z',
        },
      ],
    };
    const value = ledgerEntriesOf(flagged, 'published', new Date('2026-11-22T13:00:02Z')).find((e) => e.kind === 'value')!;
    expect(value).toMatchObject({
      price: 4.6,
      bookmaker: 'Northbet',
      fairProbability: 0.25,
      quotedAt: '2026-11-22T10:58:00.000Z',
      booksAtPrice: 2,
      forecastAt: '2026-11-22T11:00:00.000Z',
    });
  });

  it("names every value entry's market and line as /api/ledger shows it: the 1X2 without a line, Over/Under at 2.5 goals", () => {
    const flagged = {
      ...prediction,
      valueBets: [
        { market: 'home' as const, odds: 4.6, edge: 0.15 },
        { market: 'over25' as const, odds: 2.1, edge: 0.09 },
      ],
    };
    const views = ledgerEntriesOf(flagged, 'published', recorded)
      .filter((e) => e.kind === 'value')
      .map((e) => entryView({ ...e, corrections: [] }));
    expect(views.map((v) => [v.id, v.market, v.line, v.selection])).toEqual([
      ['f1~value-home', '1x2', null, 'home'],
      ['f1~value-over25', 'ou25', 2.5, 'over25'],
    ]);
  });

  it('records each high-confidence pick and each value bet at the best price of the moment, with its bookmaker and stakes', () => {
    const entries = ledgerEntriesOf(prediction, 'published', recorded);
    expect(
      entries.map((e) => [e.id, e.kind, e.market, e.selection, e.probability, e.fairProbability, e.price, e.bookmaker, e.stakeFlat, e.stakeKelly]),
    ).toEqual([
      ['f1~pick-away', 'pick', '1x2', 'away', 0.63, 0.63, 1.66, 'Northbet', 1, 1.73],
      ['f1~value-home', 'value', '1x2', 'home', 0.25, 0.25, 4.4, 'Velox', 1, 0.74],
    ]);
    expect(entries[0]).toMatchObject({
      basis: 'published',
      forecastAt: '2026-11-22T06:00:00.000Z',
      recordedAt: '2026-11-22T06:00:03.000Z',
      kickoff: '2026-11-22T15:00:00.000Z',
    });
    expect(entries[0]!.result).toBeUndefined();
  });

  it('stakes quarter-Kelly in units, capped at 2.5, and nothing without an edge or a price', () => {
    expect(quarterKelly(0.63, 1.66)).toBe(1.73);
    expect(quarterKelly(0.9, 3)).toBe(2.5);
    expect(quarterKelly(0.5, 1.9)).toBe(0);
    expect(quarterKelly(0.7, null)).toBe(0);
  });

  it('gains its result, profit at the price taken and the closing price; a void entry gains neither', () => {
    const [pick] = ledgerEntriesOf(prediction, 'published', recorded);
    const at = new Date('2026-11-22T17:00:00Z');
    const closing = { price: 1.6, fairProbability: 0.6, source: 'pinnacle' as const, capturedAt: '2026-11-22T14:59:00.000Z' };
    expect(outcomeOf(pick!, { home: 0, away: 2 }, closing, at)).toEqual({
      result: 'won',
      score: { home: 0, away: 2 },
      settledAt: at.toISOString(),
      profit: { flat: 0.66, kelly: 1.1418 },
      closing,
    });
    expect(outcomeOf(pick!, { home: 1, away: 1 }, undefined, at)).toEqual({
      result: 'lost',
      score: { home: 1, away: 1 },
      settledAt: at.toISOString(),
      profit: { flat: -1, kelly: -1.73 },
    });
    expect(outcomeOf(pick!, 'void', closing, at)).toEqual({ result: 'void', settledAt: at.toISOString(), profit: { flat: 0, kelly: 0 } });
    expect(outcomeOf({ ...pick!, price: null }, { home: 0, away: 2 }, undefined, at).profit).toBeUndefined();
  });

  it('is settled at the price taken and its CLV is that price against the fair closing price, whatever the corrections', () => {
    const entry = ledgerEntry({ price: 1.8, closing: { price: 1.7, fairProbability: 0.6, source: 'average', capturedAt: '2026-11-22T15:00:00.000Z' } });
    expect(clvOf(entry)).toBeCloseTo(1.8 * 0.6 - 1, 12);
    const first = sealCorrection(EMPTY_HEAD, {
      entryId: entry.id,
      fixtureId: 'f1',
      kickoff: entry.kickoff,
      oldPrice: 1.8,
      newPrice: 1.75,
      by: 'u1',
      at: '2026-11-23T09:00:00.000Z',
    });
    const second = sealCorrection(first, {
      entryId: entry.id,
      fixtureId: 'f1',
      kickoff: entry.kickoff,
      oldPrice: 1.75,
      newPrice: 1.7,
      by: 'u2',
      at: '2026-11-23T10:00:00.000Z',
    });
    const corrected = { ...entry, corrections: [first, second] };
    // the staff's page shows the latest correction; CLV stays at the price taken
    expect(shownOdds(corrected)).toBe(1.7);
    expect(clvOf(corrected)).toBe(clvOf(entry));
    expect(clvOf({ ...entry, closing: undefined })).toBeNull();
    expect(clvOf({ ...entry, price: null })).toBeNull();
  });

  it('reads only its own id format back', () => {
    expect(parseEntryId('demo-NSP-2026-27-r01-a-b~value-over25')).toEqual({ fixtureId: 'demo-NSP-2026-27-r01-a-b', kind: 'value', selection: 'over25' });
    expect(parseEntryId('f1~1x2')).toBeUndefined();
    expect(parseEntryId('f1~pick-elsewhere')).toBeUndefined();
  });
});

describe('the closing price (docs/decisions/0131-closing-line-value.md)', () => {
  const capturedAt = '2026-11-22T14:59:00.000Z';

  it("takes Pinnacle's closing market when it is complete, else the average's, and removes the margin as the forecast does", () => {
    const sharp = { home: 2.0, draw: 3.5, away: 4.0, over25: 1.9 };
    const average = { home: 1.95, draw: 3.4, away: 3.9, over25: 1.85, under25: 1.95 };
    const home = closingPriceOf('home', { sharp, average, capturedAt })!;
    expect(home).toMatchObject({ price: 2.0, source: 'pinnacle', capturedAt });
    // Shin's method gives the favourite a little more than its share of the booksum.
    const booksum = 1 / 2 + 1 / 3.5 + 1 / 4;
    expect(home.fairProbability).toBeGreaterThan(0.5 / booksum);
    expect(home.fairProbability).toBeLessThan(0.5);
    // Pinnacle has no under price here: the whole O/U market comes from the average, proportionally.
    expect(closingPriceOf('under25', { sharp, average, capturedAt })).toEqual({
      price: 1.95,
      fairProbability: Math.round((1 / 1.95 / (1 / 1.85 + 1 / 1.95)) * 10_000) / 10_000,
      source: 'average',
      capturedAt,
    });
    expect(closingPriceOf('draw', { capturedAt })).toBeUndefined();
  });
});
