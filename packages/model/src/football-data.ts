/**
 * Parser for football-data.co.uk CSV files (pure: text in, records out). Columns are looked up by name;
 * both day-first date formats are accepted; blank rows, stray spaces and missing odds are tolerated.
 */
import { DEFAULT_BOOKMAKERS } from './bookmakers.ts';
import type { MatchOdds, MatchRecord } from './types.ts';

export interface ThreeWayPrices {
  home: number;
  draw: number;
  away: number;
}
export interface TwoWayPrices {
  over: number;
  under: number;
}
/** An Asian handicap price pair: the home side at the line, the away side at minus the line. */
export interface HandicapPrices {
  home: number;
  away: number;
}
/** The Asian handicap market of one moment: its line (the home side's handicap, AHh / AHCh) and prices. */
export interface HandicapMarket {
  line: number;
  /** Pinnacle's prices at the line. */
  ps?: HandicapPrices;
}

/** A parsed match: the public MatchRecord plus every market price the backtest needs. */
export interface ParsedMatch extends MatchRecord {
  season: string;
  /** Kickoff time as the file gives it ('HH:MM', UK local time); absent in old files without a Time column. */
  time?: string;
  /** Pre-closing prices by source ('ps' Pinnacle, 'avg' market average, 'max' best, 'b365' Bet365). */
  pre: { ps?: ThreeWayPrices; avg?: ThreeWayPrices; max?: ThreeWayPrices; b365?: ThreeWayPrices };
  preOU: { ps?: TwoWayPrices; avg?: TwoWayPrices; max?: TwoWayPrices; b365?: TwoWayPrices };
  /** Closing prices: Pinnacle 1X2 (PSC*) and O/U (PC>2.5) when present. */
  closing: { ps?: ThreeWayPrices; psOU?: TwoWayPrices; avg?: ThreeWayPrices; avgOU?: TwoWayPrices };
  /** Pre-closing prices of the declared bookmakers the file carries, by column prefix (bookmakers.ts). */
  books?: Record<string, ThreeWayPrices>;
  booksOU?: Record<string, TwoWayPrices>;
  /** Asian handicap, files from 2019-20 only (AHh, PAHH/PAHA; closing AHCh, PCAHH/PCAHA). */
  preAH?: HandicapMarket;
  closingAH?: HandicapMarket;
  /** The declared bookmakers' pre-closing Asian handicap prices at `preAH.line`, by column prefix. */
  booksAH?: Record<string, HandicapPrices>;
}

/** Splits one CSV line (supports double-quoted fields). */
export function splitCsvLine(line: string): string[] {
  if (!line.includes('"')) return line.split(',');
  const out: string[] = [];
  let cur = '';
  let q = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (q) {
      if (c === '"') {
        if (line[i + 1] === '"') {
          cur += '"';
          i++;
        } else q = false;
      } else cur += c;
    } else if (c === '"') q = true;
    else if (c === ',') {
      out.push(cur);
      cur = '';
    } else cur += c;
  }
  out.push(cur);
  return out;
}

/** Parses 'dd/mm/yy', 'dd/mm/yyyy' (day first) or ISO 'yyyy-mm-dd' into 'YYYY-MM-DD'; undefined if invalid. */
export function parseFootballDataDate(raw: string): string | undefined {
  const s = raw.trim();
  let y: number, m: number, d: number;
  let match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/.exec(s);
  if (match) {
    d = Number(match[1]);
    m = Number(match[2]);
    y = Number(match[3]);
    if (match[3]!.length === 2) y += 2000; // every file in this format is 20yy
  } else if ((match = /^(\d{4})-(\d{2})-(\d{2})/.exec(s))) {
    y = Number(match[1]);
    m = Number(match[2]);
    d = Number(match[3]);
  } else return undefined;
  if (m < 1 || m > 12 || d < 1 || d > 31) return undefined;
  const dt = new Date(Date.UTC(y, m - 1, d));
  if (dt.getUTCMonth() !== m - 1) return undefined;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

function num(v: string | undefined): number | undefined {
  if (v === undefined) return undefined;
  const t = v.trim();
  if (t === '') return undefined;
  const x = Number(t);
  return Number.isFinite(x) ? x : undefined;
}

function price(v: string | undefined): number | undefined {
  const x = num(v);
  return x !== undefined && x > 1 && x < 1000 ? x : undefined;
}

export interface ParseOptions {
  /** League code to use when the Div column is absent (normally the folder name). */
  league?: string;
  /** Season label, e.g. '2021-22' (normally the file name). */
  season: string;
}

/** Parses the text of one football-data.co.uk CSV file. Rows without a date, teams or full-time score are skipped. */
export function parseFootballDataCsv(text: string, opts: ParseOptions): ParsedMatch[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n|\r/);
  const headerLine = lines.findIndex((l) => l.trim() !== '');
  if (headerLine < 0) return [];
  const header = splitCsvLine(lines[headerLine]!).map((h) => h.trim());
  const col = new Map<string, number>();
  header.forEach((h, i) => {
    if (h && !col.has(h)) col.set(h, i);
  });
  const out: ParsedMatch[] = [];
  for (let li = headerLine + 1; li < lines.length; li++) {
    const line = lines[li]!;
    if (line.replace(/[,\s]/g, '') === '') continue;
    const cells = splitCsvLine(line);
    const get = (name: string): string | undefined => {
      const i = col.get(name);
      return i === undefined ? undefined : cells[i];
    };
    const date = parseFootballDataDate(get('Date') ?? '');
    const home = (get('HomeTeam') ?? get('Home') ?? '').trim().replace(/\s+/g, ' ');
    const away = (get('AwayTeam') ?? get('Away') ?? '').trim().replace(/\s+/g, ' ');
    const hg = num(get('FTHG') ?? get('HG'));
    const ag = num(get('FTAG') ?? get('AG'));
    if (!date || !home || !away || hg === undefined || ag === undefined || hg < 0 || ag < 0) continue;
    const league = (get('Div')?.trim() || opts.league || '').trim();
    const three = (h: string, d: string, a: string): ThreeWayPrices | undefined => {
      const ph = price(get(h)),
        pd = price(get(d)),
        pa = price(get(a));
      return ph !== undefined && pd !== undefined && pa !== undefined ? { home: ph, draw: pd, away: pa } : undefined;
    };
    const two = (o: string, u: string): TwoWayPrices | undefined => {
      const po = price(get(o)),
        pu = price(get(u));
      return po !== undefined && pu !== undefined ? { over: po, under: pu } : undefined;
    };
    const m: ParsedMatch = {
      date,
      league: opts.league ?? league,
      season: opts.season,
      home,
      away,
      homeGoals: hg,
      awayGoals: ag,
      pre: {},
      preOU: {},
      closing: {},
    };
    const time = /^(\d{1,2}):(\d{2})/.exec((get('Time') ?? '').trim());
    if (time && Number(time[1]) <= 23 && Number(time[2]) <= 59) m.time = `${time[1]!.padStart(2, '0')}:${time[2]}`;
    const hs = num(get('HS')),
      as = num(get('AS')),
      hst = num(get('HST')),
      ast = num(get('AST'));
    if (hs !== undefined && as !== undefined) {
      m.homeShots = hs;
      m.awayShots = as;
    }
    if (hst !== undefined && ast !== undefined) {
      m.homeShotsOnTarget = hst;
      m.awayShotsOnTarget = ast;
    }
    const ps = three('PSH', 'PSD', 'PSA');
    const avg = three('AvgH', 'AvgD', 'AvgA') ?? three('BbAvH', 'BbAvD', 'BbAvA');
    const max = three('MaxH', 'MaxD', 'MaxA') ?? three('BbMxH', 'BbMxD', 'BbMxA');
    const b365 = three('B365H', 'B365D', 'B365A');
    if (ps) m.pre.ps = ps;
    if (avg) m.pre.avg = avg;
    if (max) m.pre.max = max;
    if (b365) m.pre.b365 = b365;
    const psOU = two('P>2.5', 'P<2.5');
    const avgOU = two('Avg>2.5', 'Avg<2.5') ?? two('BbAv>2.5', 'BbAv<2.5');
    const maxOU = two('Max>2.5', 'Max<2.5') ?? two('BbMx>2.5', 'BbMx<2.5');
    const b365OU = two('B365>2.5', 'B365<2.5');
    if (psOU) m.preOU.ps = psOU;
    if (avgOU) m.preOU.avg = avgOU;
    if (maxOU) m.preOU.max = maxOU;
    if (b365OU) m.preOU.b365 = b365OU;
    const psc = three('PSCH', 'PSCD', 'PSCA');
    const pcOU = two('PC>2.5', 'PC<2.5');
    const avgc = three('AvgCH', 'AvgCD', 'AvgCA');
    const avgcOU = two('AvgC>2.5', 'AvgC<2.5');
    if (psc) m.closing.ps = psc;
    if (pcOU) m.closing.psOU = pcOU;
    if (avgc) m.closing.avg = avgc;
    if (avgcOU) m.closing.avgOU = avgcOU;
    addBookPrices(m, three, two);
    addHandicaps(m, get, two);
    m.odds = preKickoffOdds(m);
    out.push(m);
  }
  return out;
}

/** The declared bookmakers' pre-closing prices the file carries (bookmakers.ts), by column prefix. */
function addBookPrices(
  m: ParsedMatch,
  three: (h: string, d: string, a: string) => ThreeWayPrices | undefined,
  two: (o: string, u: string) => TwoWayPrices | undefined,
): void {
  for (const { research } of DEFAULT_BOOKMAKERS) {
    if (!research) continue;
    const x1 = three(`${research}H`, `${research}D`, `${research}A`);
    const ou = two(`${research}>2.5`, `${research}<2.5`);
    if (x1) (m.books ??= {})[research] = x1;
    if (ou) (m.booksOU ??= {})[research] = ou;
  }
}

/** The Asian handicap lines and prices (pre-closing and closing; the listed books' at the pre-closing line). */
function addHandicaps(m: ParsedMatch, get: (name: string) => string | undefined, two: (o: string, u: string) => TwoWayPrices | undefined): void {
  const pair = (h: string, a: string): HandicapPrices | undefined => {
    const p = two(h, a);
    return p ? { home: p.over, away: p.under } : undefined;
  };
  const line = num(get('AHh'));
  if (line !== undefined) {
    const ps = pair('PAHH', 'PAHA');
    m.preAH = { line, ...(ps ? { ps } : {}) };
    for (const { research } of DEFAULT_BOOKMAKERS) {
      const p = research ? pair(`${research}AHH`, `${research}AHA`) : undefined;
      if (p) (m.booksAH ??= {})[research!] = p;
    }
  }
  const closeLine = num(get('AHCh'));
  if (closeLine !== undefined) {
    const ps = pair('PCAHH', 'PCAHA');
    m.closingAH = { line: closeLine, ...(ps ? { ps } : {}) };
  }
}

/**
 * The pre-kickoff odds handed to the model: 1X2 from Pinnacle pre-closing (else the market average, else Bet365),
 * O/U 2.5 the same. Pinnacle first was chosen on the development seasons 2015-16..2018-19 (bench/tune.ts with
 * ODDS=ps,avg,b365: RPS 0.19612 against 0.19614 with the average first; docs/model.md). Closing prices are never used.
 */
export function preKickoffOdds(
  m: Pick<ParsedMatch, 'pre' | 'preOU'>,
  order: readonly ('ps' | 'avg' | 'b365' | 'max')[] = ['ps', 'avg', 'b365'],
): MatchOdds | undefined {
  const odds: MatchOdds = {};
  for (const k of order) {
    const p = m.pre[k];
    if (p) {
      odds.home = p.home;
      odds.draw = p.draw;
      odds.away = p.away;
      break;
    }
  }
  for (const k of order) {
    const p = m.preOU[k];
    if (p) {
      odds.over25 = p.over;
      odds.under25 = p.under;
      break;
    }
  }
  return Object.keys(odds).length ? odds : undefined;
}

/** Season label for a file name like '2021-22.csv' -> '2021-22' (undefined if it does not look like one). */
export function seasonFromFileName(name: string): string | undefined {
  const m = /^(\d{4})-(\d{2})\.csv$/i.exec(name.trim());
  if (!m) return undefined;
  const start = Number(m[1]);
  if ((start + 1) % 100 !== Number(m[2])) return undefined;
  return `${m[1]}-${m[2]}`;
}

/** Start year of a season label '2021-22' -> 2021. */
export function seasonStart(season: string): number {
  return Number(season.slice(0, 4));
}

/** Merges match lists, dropping duplicates (same league, date and both teams), sorted by date. */
export function mergeMatches<T extends MatchRecord>(lists: readonly T[][]): T[] {
  const seen = new Set<string>();
  const out: T[] = [];
  for (const list of lists) {
    for (const m of list) {
      const key = `${m.league}|${m.date.slice(0, 10)}|${m.home}|${m.away}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(m);
    }
  }
  return out.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}
