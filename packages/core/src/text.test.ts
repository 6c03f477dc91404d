import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { slug, utcInstant, utcMinute } from './text.ts';

describe('slug', () => {
  it('drops accents instead of splitting words on them', () => {
    const cases: [string, string][] = [
      ['Atlético Madrid', 'atletico-madrid'],
      ['Bayern München', 'bayern-munchen'],
      ['Borussia Mönchengladbach', 'borussia-monchengladbach'],
      ['Deportivo Alavés', 'deportivo-alaves'],
      ['Fenerbahçe', 'fenerbahce'],
      ['Beşiktaş', 'besiktas'],
      ['İstanbul Başakşehir', 'istanbul-basaksehir'],
      ['Saint-Étienne', 'saint-etienne'],
      ['Nîmes', 'nimes'],
      ['FC København', 'fc-kobenhavn'],
      ['Bodø/Glimt', 'bodo-glimt'],
      ['ŁKS Łódź', 'lks-lodz'],
      ['Fortuna Düsseldorf', 'fortuna-dusseldorf'],
      ['Eintracht Braunschweig Straße', 'eintracht-braunschweig-strasse'],
      ['Hafnarfjörður', 'hafnarfjordur'],
    ];
    for (const [name, expected] of cases) expect(slug(name), name).toBe(expected);
  });

  it("keeps the football-data.co.uk ids stable: punctuation and spaces become one '-'", () => {
    expect(slug("Nott'm Forest")).toBe('nott-m-forest');
    expect(slug('  Crystal   Palace ')).toBe('crystal-palace');
    expect(slug("M'gladbach")).toBe('m-gladbach');
    expect(slug('Ath Bilbao')).toBe('ath-bilbao');
  });

  it('always gives lower-case ASCII words joined by single dashes, and is idempotent', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (name) => {
        const s = slug(name);
        expect(s).toMatch(/^(?:[a-z0-9]+(?:-[a-z0-9]+)*)?$/);
        expect(slug(s)).toBe(s);
      }),
    );
  });
});

describe('instants in messages', () => {
  it('names an instant in UTC, the same on every runtime', () => {
    expect(utcInstant('2026-03-21T10:00:00.000Z')).toBe('Sat, 21 Mar 2026, 10:00 UTC');
    expect(utcInstant('2026-12-31T23:59:59.999Z')).toBe('Thu, 31 Dec 2026, 23:59 UTC');
    expect(utcMinute('2026-03-21T10:05:30.000Z')).toBe('2026-03-21 10:05 UTC');
  });
});
