import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ledgerEntry } from '../testing/ledger-entries.ts';
import { digestOf, GENESIS, LedgerSealError, sealBacktest, sealedLine, sealPublished, SEALED_COLUMNS, verifyChain, type LedgerDigest } from './digest.ts';
import type { LedgerEntry } from './entry.ts';
import { ledgerCsv } from './views.ts';

/** An open published entry forecast at `forecastAt` for a match three days later. */
const published = (id: string, forecastAt: string): LedgerEntry => {
  const {
    corrections: _c,
    result: _r,
    score: _s,
    settledAt: _t,
    profit: _p,
    closing: _cl,
    ...open
  } = ledgerEntry({
    fixtureId: id,
    kickoff: new Date(Date.parse(forecastAt) + 3 * 86_400_000).toISOString(),
  });
  return { ...open, forecastAt, recordedAt: forecastAt };
};

const day1 = [published('a', '2026-11-20T06:00:00.000Z'), published('b', '2026-11-20T06:00:00.000Z')];
const day2 = [published('c', '2026-11-21T06:00:00.000Z')];

describe('day digests (docs/decisions/0132-day-digests.md)', () => {
  it('hash the previous digest and the sealed CSV columns of the day, so sha256sum over the export reproduces them', () => {
    const [first] = sealPublished(undefined, day1, new Date('2026-11-20T07:00:00Z'));
    const lines = ledgerCsv(day1.map((e) => ({ ...e, corrections: [] })))
      .split('\n')
      .slice(1, 3);
    const cut = lines.map((l) => l.split(',').slice(0, SEALED_COLUMNS.length).join(','));
    expect(cut).toEqual(day1.map(sealedLine));
    expect(first!.digest).toBe(
      createHash('sha256')
        .update(`${GENESIS}\n${cut.join('\n')}\n`)
        .digest('hex'),
    );
    expect(first).toMatchObject({ basis: 'published', day: '2026-11-20', entries: 2, previous: GENESIS, computedAt: '2026-11-20T07:00:00.000Z' });
  });

  it('chain the days, and a day that gains entries gains a version that extends the earlier one', () => {
    const [first] = sealPublished(undefined, day1.slice(0, 1), new Date('2026-11-20T07:00:00Z'));
    const [again] = sealPublished(first, day1, new Date('2026-11-20T09:00:00Z'));
    expect(again!.versions).toEqual([first!.versions[0], { entries: 2, digest: again!.digest, at: '2026-11-20T09:00:00.000Z' }]);
    expect(sealPublished(again, day1, new Date('2026-11-20T10:00:00Z'))).toEqual([]);
    const [next] = sealPublished(again, [...day1, ...day2], new Date('2026-11-21T07:00:00Z'));
    expect(next).toMatchObject({ day: '2026-11-21', previous: again!.digest, digest: digestOf(again!.digest, day2.map(sealedLine)) });
    expect(verifyChain('published', [again!, next!], [...day1, ...day2]).map((c) => c.status)).toEqual(['ok', 'ok']);
  });

  it('refuse to reseal a published day whose sealed entries changed, or to take entries into a past day', () => {
    const [first] = sealPublished(undefined, day1, new Date('2026-11-20T07:00:00Z'));
    expect(() => sealPublished(first, [{ ...day1[0]!, price: 2.5 }, day1[1]!], new Date('2026-11-20T08:00:00Z'))).toThrow(LedgerSealError);
    expect(() => sealPublished(first, [...day1, published('z', '2026-11-19T06:00:00.000Z')], new Date('2026-11-20T08:00:00Z'))).toThrow(/sealed before/);
  });

  it('fail verification on an edited, removed or back-dated entry and on a broken link', () => {
    const sealed = sealPublished(undefined, [...day1, ...day2], new Date('2026-11-21T07:00:00Z'));
    const statuses = (digests: LedgerDigest[], entries: LedgerEntry[]) => verifyChain('published', digests, entries).map((c) => `${c.day} ${c.status}`);
    expect(statuses(sealed, [{ ...day1[0]!, price: 1.81 }, day1[1]!, ...day2])).toEqual(['2026-11-20 edited', '2026-11-21 ok']);
    expect(statuses(sealed, [day1[0]!, ...day2])).toEqual(['2026-11-20 missing', '2026-11-21 ok']);
    expect(statuses(sealed, [...day1, ...day2, published('late', '2026-11-19T06:00:00.000Z')])).toEqual([
      '2026-11-19 inserted',
      '2026-11-20 ok',
      '2026-11-21 ok',
    ]);
    expect(statuses([sealed[0]!, { ...sealed[1]!, previous: GENESIS }], [...day1, ...day2])).toEqual([
      '2026-11-20 ok',
      '2026-11-21 broken-link',
      '2026-11-21 edited',
    ]);
    expect(statuses(sealed, [...day1, ...day2, published('new', '2026-11-22T06:00:00.000Z')])).toEqual([
      '2026-11-20 ok',
      '2026-11-21 ok',
      '2026-11-22 unsealed',
    ]);
  });

  it('report a published entry first sealed after its kickoff', () => {
    const entry = { ...published('k', '2026-11-20T06:00:00.000Z'), kickoff: '2026-11-20T12:00:00.000Z' };
    const sealed = sealPublished(undefined, [entry], new Date('2026-11-20T13:00:00Z'));
    expect(verifyChain('published', sealed, [entry]).map((c) => c.status)).toEqual(['sealed-after-kickoff']);
  });

  it('seal the backtest chain again from the first day a later backfill changed, saying when', () => {
    const bt = (id: string, day: string) => ({ ...published(id, `${day}T06:00:00.000Z`), basis: 'backtest' as const, recordedAt: '2026-11-22T10:00:00.000Z' });
    const first = sealBacktest(undefined, [], [bt('a', '2026-11-20'), bt('b', '2026-11-21')], new Date('2026-11-22T10:00:05Z'));
    expect(first.map((d) => [d.day, d.entries, d.computedAt])).toEqual([
      ['2026-11-20', 1, '2026-11-22T10:00:05.000Z'],
      ['2026-11-21', 1, '2026-11-22T10:00:05.000Z'],
    ]);
    const entries = [bt('a', '2026-11-20'), bt('b', '2026-11-21'), bt('c', '2026-11-21')];
    const again = sealBacktest(undefined, first, entries, new Date('2026-11-25T10:00:00Z'));
    expect(again.map((d) => [d.day, d.entries, d.previous])).toEqual([['2026-11-21', 2, first[0]!.digest]]);
    expect(verifyChain('backtest', [first[0]!, again[0]!], entries).map((c) => c.status)).toEqual(['ok', 'ok']);
  });
});

describe('the ledger CSV and spreadsheets (L6)', () => {
  it('prefixes a text that a spreadsheet would run as a formula with an apostrophe; numbers, negative ones included, stay numbers', () => {
    const formulas = ['=HYPERLINK("http://evil.example","click")', '+1+1', '-2+3', '@SUM(A1)', '\tTab FC', '\rCR United'];
    const entries = formulas.map((homeTeam, i) => ({ ...published(`f${i}`, '2026-11-20T06:00:00.000Z'), homeTeam, bookmaker: '=cmd|calc', corrections: [] }));
    const rows = ledgerCsv(entries).split('\n').slice(1, -1);
    const column = (name: string) => rows.map((row) => parseCsvLine(row)[[...SEALED_COLUMNS].indexOf(name as (typeof SEALED_COLUMNS)[number])]);
    expect(column('home')).toEqual(formulas.map((f) => `'${f}`));
    expect(column('bookmaker').every((b) => b === "'=cmd|calc")).toBe(true);
    expect(parseCsvLine(sealedLine({ ...published('n', '2026-11-20T06:00:00.000Z'), stakeKelly: -0.5 }))[[...SEALED_COLUMNS].indexOf('stake_kelly')]).toBe(
      '-0.5',
    );
  });
});

/** One CSV line's fields (RFC 4180 quoting). */
function parseCsvLine(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted && c === '"' && line[i + 1] === '"') {
      field += '"';
      i++;
    } else if (c === '"') quoted = !quoted;
    else if (c === ',' && !quoted) {
      fields.push(field);
      field = '';
    } else field += c;
  }
  return [...fields, field];
}
