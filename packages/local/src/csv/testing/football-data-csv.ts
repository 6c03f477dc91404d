/**
 * Season files in football-data.co.uk's column format, written at test time from the demo world
 * (demo/demo-world.ts), so no row of the research files lives in the repository (their licence is
 * private, non-commercial use: docs/decisions/0120-production-data-providers.md). Real league ids
 * and club names (facts), simulated everything else: goals and shots from the world's hidden
 * strengths, the six demo bookmakers' prices a day before kickoff and at the close (closing
 * nearer the truth), half-time goals, fouls, corners and cards. Deterministic for a seed.
 *
 * Two generations of columns, as the research files have them: `betbrain` (up to 2018-19:
 * two-digit years, no kickoff time, BetBrain summaries, no Pinnacle, no closing prices) and
 * `modern` (from 2019-20: Time, Pinnacle, Avg/Max, O/U per bookmaker, closing columns).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { MarketOdds } from '@app/core/predictions/prediction';
import { DEMO_LEAGUES, type DemoLeague } from '../../demo/demo-leagues.ts';
import { bookmakerPrices } from '../../demo/demo-provider.ts';
import { DemoWorld, type DemoMatch, type DemoSeason } from '../../demo/demo-world.ts';
import { binomial, poisson, rngFor } from '../../demo/random.ts';

/** One season file to write. */
export interface SeasonFile {
  league: string;
  /** '2022-23'. */
  season: string;
  format: 'betbrain' | 'modern';
  /** Sixteen clubs of the league (names as the research files spell them). */
  clubs: readonly string[];
  /** A modern file without Pinnacle's columns (some files lack them). Default false. */
  withoutPinnacle?: boolean;
  /** Keep the first `rows` matches, or those up to this date ('YYYY-MM-DD'). */
  rows?: number;
  until?: string;
  /** Every n-th match has no price at all (blank cells, as a handful of matches in the research files). */
  blankOddsEvery?: number;
}

/** football-data.co.uk's bookmaker columns, in the files' order. */
const BOOKMAKER_COLUMNS = ['B365', 'BW', 'IW', 'PS', 'WH', 'VC'] as const;
type Book = (typeof BOOKMAKER_COLUMNS)[number];
/** Which demo bookmaker (demo-leagues.ts `DEMO_BOOKMAKERS`) prices each column: the sharpest one plays Pinnacle. */
const DEMO_BOOKMAKER: Readonly<Record<Book, number>> = { B365: 0, BW: 1, IW: 3, PS: 2, WH: 4, VC: 5 };
/** The prefix of a bookmaker's O/U columns where it differs from its 1X2 one. */
const OU_PREFIX: Partial<Record<Book, string>> = { PS: 'P' };
/** Bookmakers with O/U columns in modern files. */
const OU_BOOKS: readonly Book[] = ['B365', 'PS'];

const STATS = ['HS', 'AS', 'HST', 'AST', 'HF', 'AF', 'HC', 'AC', 'HY', 'AY', 'HR', 'AR'];

/** The bookmakers a file prices: Pinnacle only in modern files that have it. */
const booksOf = (file: Pick<SeasonFile, 'format' | 'withoutPinnacle'>): Book[] =>
  BOOKMAKER_COLUMNS.filter((b) => b !== 'PS' || (file.format === 'modern' && !file.withoutPinnacle));

const ukParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** UK local date and time of an instant: ['05/08/2022', '20:00']. */
function ukLocal(ms: number): [string, string] {
  const p = Object.fromEntries(ukParts.formatToParts(new Date(ms)).map((x) => [x.type, x.value]));
  return [`${p.day}/${p.month}/${p.year}`, `${p.hour}:${p.minute}`];
}

const round2 = (x: number) => Math.round(x * 100) / 100;
const max = (xs: number[]) => Math.max(...xs);
const mean = (xs: number[]) => round2(xs.reduce((s, x) => s + x, 0) / xs.length);
const three = (o: MarketOdds) => [o.home!, o.draw!, o.away!];
const two = (o: MarketOdds) => [o.over25!, o.under25!];

/** The header of a file: the columns the research files of that generation carry, in their order. */
export function header(file: Pick<SeasonFile, 'format' | 'withoutPinnacle'>): string[] {
  const books = booksOf(file);
  const x12 = (prefix: string, c = '') => [`${prefix}${c}H`, `${prefix}${c}D`, `${prefix}${c}A`];
  const ou = (prefix: string, c = '') => [`${prefix}${c}>2.5`, `${prefix}${c}<2.5`];
  const match = ['Div', 'Date', ...(file.format === 'modern' ? ['Time'] : []), 'HomeTeam', 'AwayTeam', 'FTHG', 'FTAG', 'FTR', 'HTHG', 'HTAG', 'HTR', ...STATS];
  if (file.format === 'betbrain') {
    return [
      ...match,
      ...books.flatMap((b) => x12(b)),
      'Bb1X2',
      'BbMxH',
      'BbAvH',
      'BbMxD',
      'BbAvD',
      'BbMxA',
      'BbAvA',
      'BbOU',
      'BbMx>2.5',
      'BbAv>2.5',
      'BbMx<2.5',
      'BbAv<2.5',
    ];
  }
  const ouBooks = OU_BOOKS.filter((b) => books.includes(b)).map((b) => OU_PREFIX[b] ?? b);
  return [
    ...match,
    ...books.flatMap((b) => x12(b)),
    ...x12('Max'),
    ...x12('Avg'),
    ...ouBooks.flatMap((p) => ou(p)),
    ...ou('Max'),
    ...ou('Avg'),
    ...books.flatMap((b) => x12(b, 'C')),
    ...x12('Max', 'C'),
    ...x12('Avg', 'C'),
    ...ouBooks.flatMap((p) => ou(p, 'C')),
    ...ou('Max', 'C'),
    ...ou('Avg', 'C'),
  ];
}

/** The cells of one match, by column name. */
function cells(file: SeasonFile, m: DemoMatch, seed: string, blank: boolean): Map<string, string | number> {
  const rng = rngFor(seed, file.league, m.id, 'extras');
  const [date, time] = ukLocal(m.kickoffMs);
  const htHome = binomial(rng, m.homeGoals, 0.45);
  const htAway = binomial(rng, m.awayGoals, 0.45);
  const result = (h: number, a: number) => (h > a ? 'H' : h < a ? 'A' : 'D');
  const out = new Map<string, string | number>([
    ['Div', file.league],
    ['Date', file.format === 'betbrain' ? date.replace(/\/\d\d(\d\d)$/, '/$1') : date],
    ['Time', time],
    ['HomeTeam', m.home],
    ['AwayTeam', m.away],
    ['FTHG', m.homeGoals],
    ['FTAG', m.awayGoals],
    ['FTR', result(m.homeGoals, m.awayGoals)],
    ['HTHG', htHome],
    ['HTAG', htAway],
    ['HTR', result(htHome, htAway)],
    ['HS', m.homeShots],
    ['AS', m.awayShots],
    ['HST', m.homeShotsOnTarget],
    ['AST', m.awayShotsOnTarget],
    ['HF', 8 + poisson(rng, 3)],
    ['AF', 8 + poisson(rng, 3.5)],
    ['HC', poisson(rng, 5.5)],
    ['AC', poisson(rng, 4.5)],
    ['HY', poisson(rng, 1.6)],
    ['AY', poisson(rng, 1.9)],
    ['HR', rng() < 0.04 ? 1 : 0],
    ['AR', rng() < 0.05 ? 1 : 0],
  ]);
  if (blank) return out;
  const books = booksOf(file);
  for (const [timing, c] of [
    ['opening', ''],
    ['closing', 'C'],
  ] as const) {
    if (timing === 'closing' && file.format === 'betbrain') continue;
    const all = bookmakerPrices(seed, m, timing);
    const priced = books.map((b) => [b, all[DEMO_BOOKMAKER[b]]!] as const);
    for (const [b, o] of priced) three(o).forEach((p, k) => out.set(`${b}${c}${'HDA'[k]}`, p));
    const x12 = [0, 1, 2].map((k) => priced.map(([, o]) => three(o)[k]!));
    const ou = [0, 1].map((k) => priced.map(([, o]) => two(o)[k]!));
    if (file.format === 'betbrain') {
      out.set('Bb1X2', 30 + (m.round % 20)).set('BbOU', 25 + (m.round % 15));
      x12.forEach((xs, k) => out.set(`BbMx${'HDA'[k]}`, max(xs)).set(`BbAv${'HDA'[k]}`, mean(xs)));
      ou.forEach((xs, k) => out.set(`BbMx${k ? '<' : '>'}2.5`, max(xs)).set(`BbAv${k ? '<' : '>'}2.5`, mean(xs)));
      continue;
    }
    x12.forEach((xs, k) => out.set(`Max${c}${'HDA'[k]}`, max(xs)).set(`Avg${c}${'HDA'[k]}`, mean(xs)));
    ou.forEach((xs, k) => out.set(`Max${c}${k ? '<' : '>'}2.5`, max(xs)).set(`Avg${c}${k ? '<' : '>'}2.5`, mean(xs)));
    for (const [b, o] of priced) {
      if (!OU_BOOKS.includes(b)) continue;
      two(o).forEach((p, k) => out.set(`${OU_PREFIX[b] ?? b}${c}${k ? '<' : '>'}2.5`, p));
    }
  }
  return out;
}

/** The league as a demo league: the demo world's first league with this league's id and clubs, its first round early in August. */
function asDemoLeague(file: SeasonFile): DemoLeague {
  if (file.clubs.length !== 16) throw new Error(`${file.league} ${file.season}: the demo world plays 16 clubs, got ${file.clubs.length}`);
  return { ...DEMO_LEAGUES[0]!, id: file.league, name: file.league, clubs: file.clubs, offsetWeeks: 0, breakWeeks: 13 };
}

const DEFAULT_SEED = 'football-data-csv';

/** The simulated season a file is written from (its hidden truth included). */
export function simulatedSeason(file: SeasonFile, seed = DEFAULT_SEED): DemoSeason {
  return new DemoWorld(seed, 1).season(asDemoLeague(file), Number(file.season.slice(0, 4)));
}

/** The text of one season file. */
export function footballDataCsv(file: SeasonFile, seed = DEFAULT_SEED): string {
  const season = simulatedSeason(file, seed);
  const end = file.until ? Date.parse(`${file.until}T23:59:59Z`) : Infinity;
  const matches = season.matches.filter((m) => m.kickoffMs <= end).slice(0, file.rows ?? Infinity);
  const columns = header(file);
  const lines = matches.map((m, i) => {
    const row = cells(file, m, seed, file.blankOddsEvery !== undefined && (i + 1) % file.blankOddsEvery === 0);
    return columns.map((c) => row.get(c) ?? '').join(',');
  });
  return [columns.join(','), ...lines].join('\n') + '\n';
}

/** Writes `<dir>/<LEAGUE>/<YYYY-YY>.csv` for each file. */
export async function writeFootballDataFolder(dir: string, files: readonly SeasonFile[], seed?: string): Promise<void> {
  for (const file of files) {
    await mkdir(join(dir, file.league), { recursive: true });
    await writeFile(join(dir, file.league, `${file.season}.csv`), footballDataCsv(file, seed));
  }
}

const E0_CLUBS = [
  'Crystal Palace',
  'Arsenal',
  'Fulham',
  'Liverpool',
  "Nott'm Forest",
  'Man United',
  'Brighton',
  'Chelsea',
  'Everton',
  'Tottenham',
  'Leeds',
  'Wolves',
  'Newcastle',
  'Aston Villa',
  'West Ham',
  'Man City',
];
const D1_CLUBS = [
  'Ein Frankfurt',
  'Bayern Munich',
  'Augsburg',
  'Freiburg',
  'Bochum',
  'Mainz',
  "M'gladbach",
  'Hoffenheim',
  'Union Berlin',
  'Hertha',
  'Wolfsburg',
  'Werder Bremen',
  'Dortmund',
  'Leverkusen',
  'FC Koln',
  'Stuttgart',
];
const SP1_CLUBS = [
  'Osasuna',
  'Sevilla',
  'Celta',
  'Espanol',
  'Barcelona',
  'Vallecano',
  'Ath Madrid',
  'Getafe',
  'Sociedad',
  'Cadiz',
  'Valencia',
  'Girona',
  'Ath Bilbao',
  'Mallorca',
  'Betis',
  'Real Madrid',
];

/**
 * The files the CSV adapter's tests read, in the shapes of the research files: an old file
 * (BetBrain summaries, no Pinnacle, two-digit years), a modern one of 60 matches, a season up to
 * mid-November (across the autumn clock change), a second league over the same weeks with a few
 * unpriced matches, and a league whose file has no Pinnacle columns.
 */
export const TEST_FILES: readonly SeasonFile[] = [
  { league: 'E0', season: '2005-06', format: 'betbrain', clubs: E0_CLUBS, rows: 20 },
  { league: 'E0', season: '2021-22', format: 'modern', clubs: E0_CLUBS, rows: 60 },
  { league: 'E0', season: '2022-23', format: 'modern', clubs: E0_CLUBS, until: '2022-11-13' },
  { league: 'D1', season: '2022-23', format: 'modern', clubs: D1_CLUBS, until: '2022-11-13', blankOddsEvery: 60 },
  { league: 'SP1', season: '2022-23', format: 'modern', clubs: SP1_CLUBS, rows: 30, withoutPinnacle: true },
];
