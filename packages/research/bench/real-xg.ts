/**
 * The real-xG experiment (docs/model.md): FiveThirtyEight's expected goals (spi_matches.csv, CC BY 4.0) in place of
 * the shots' proxy where they exist, against the proxy alone, research walk-forward, no bookmaker price.
 * Usage: DATA=<football-data folder> SPI_XG=<csv> [SEASONS=dev|eval] [XG=xg|mix] tsx bench/real-xg.ts
 *   SPI_XG: rows of FiveThirtyEight's file for E0, E1, SP1, D1, I1, F1 with the columns date, league (our code),
 *   team1, team2, xg1, xg2, nsxg1, nsxg2 (nothing of it is kept in the repository).
 *   SEASONS=dev (default) scores 2016-17..2018-19 and reads no later file; eval scores 2019-20..2022-23, once per
 *   frozen configuration. XG=mix uses the mean of xG and non-shot xG, as SPI's own ratings do.
 * Team names are joined by co-occurrence: each club of the football-data files takes the FiveThirtyEight name it
 * meets most often in the same league, on the same day (±1) and the same side.
 */
import { readFileSync } from 'node:fs';
import { listDataFiles, loadMatches } from '../src/cli/load.ts';
import { backtestLeague, type EvaluatedMatch } from '../src/backtest.ts';
import { blockBootstrapInterval } from '@app/model/bootstrap';
import { dayNumber } from '@app/model/features';
import type { ParsedMatch } from '@app/model/football-data';
import { DEFAULT_HYPER, type Hyper } from '@app/model/hyper';
import { binaryBrier, rps, summarize3 } from '@app/model/scoring';
import { loadDevelopmentMatches } from '../src/tuning.ts';

interface SpiRow {
  day: number;
  league: string;
  team1: string;
  team2: string;
  xg1: number;
  xg2: number;
  nsxg1: number;
  nsxg2: number;
}

function readSpi(path: string): SpiRow[] {
  const [header, ...lines] = readFileSync(path, 'utf8').trim().split(/\r?\n/);
  const col = new Map(header!.split(',').map((h, i) => [h, i] as const));
  return lines
    .map((line) => {
      const c = line.split(',');
      const g = (k: string) => c[col.get(k)!]!;
      return {
        day: dayNumber(g('date')),
        league: g('league'),
        team1: g('team1'),
        team2: g('team2'),
        xg1: Number(g('xg1')),
        xg2: Number(g('xg2')),
        nsxg1: Number(g('nsxg1')),
        nsxg2: Number(g('nsxg2')),
      };
    })
    .filter((r) => Number.isFinite(r.xg1) && Number.isFinite(r.xg2));
}

/** Adds FiveThirtyEight's expected goals to the matches it covers; returns how many were joined. */
export function joinRealXg(matches: ParsedMatch[], spi: readonly SpiRow[], mode: 'xg' | 'mix'): number {
  let joined = 0;
  for (const league of new Set(spi.map((r) => r.league))) {
    const ours = matches.filter((m) => m.league === league);
    const theirs = spi.filter((r) => r.league === league);
    const byDay = new Map<number, SpiRow[]>();
    for (const r of theirs) for (const d of [r.day - 1, r.day, r.day + 1]) (byDay.get(d) ?? byDay.set(d, []).get(d)!).push(r);
    const votes = new Map<string, Map<string, number>>();
    const vote = (a: string, b: string) => {
      const v = votes.get(a) ?? votes.set(a, new Map()).get(a)!;
      v.set(b, (v.get(b) ?? 0) + 1);
    };
    for (const m of ours)
      for (const r of byDay.get(dayNumber(m.date)) ?? []) {
        vote(`H${m.home}`, r.team1);
        vote(`A${m.away}`, r.team2);
      }
    const name = new Map<string, string>();
    for (const team of new Set(ours.flatMap((m) => [m.home, m.away]))) {
      const tally = new Map<string, number>();
      for (const side of ['H', 'A']) for (const [k, n] of votes.get(side + team) ?? []) tally.set(k, (tally.get(k) ?? 0) + n);
      const best = [...tally].sort((a, b) => b[1] - a[1])[0];
      if (best && best[1] >= 3) name.set(team, best[0]);
    }
    const index = new Map(theirs.map((r) => [`${r.day}|${r.team1}|${r.team2}`, r] as const));
    for (const m of ours) {
      const d = dayNumber(m.date);
      const r = [d, d - 1, d + 1].map((x) => index.get(`${x}|${name.get(m.home)}|${name.get(m.away)}`)).find(Boolean);
      if (!r) continue;
      m.homeExpectedGoals = mode === 'mix' ? (r.xg1 + r.nsxg1) / 2 : r.xg1;
      m.awayExpectedGoals = mode === 'mix' ? (r.xg2 + r.nsxg2) / 2 : r.xg2;
      joined++;
    }
  }
  return joined;
}

const LEAGUES = ['E0', 'E1', 'SP1', 'D1', 'I1', 'F1'];

function run(matches: readonly ParsedMatch[], seasons: string[], hyper: Hyper): EvaluatedMatch[] {
  return LEAGUES.flatMap((lg) =>
    backtestLeague(
      matches.filter((m) => m.league === lg),
      { seasons, hyper, market: 'none' },
    ),
  );
}

const isMain = process.argv[1]?.endsWith('real-xg.ts');
if (isMain) {
  const data = process.env.DATA,
    spiPath = process.env.SPI_XG;
  if (!data || !spiPath) {
    console.error('DATA=<football-data folder> SPI_XG=<csv> [SEASONS=dev|eval] [XG=xg|mix] tsx bench/real-xg.ts');
    process.exit(2);
  }
  const evalMode = process.env.SEASONS === 'eval';
  const seasons = evalMode ? ['2019-20', '2020-21', '2021-22', '2022-23'] : ['2016-17', '2017-18', '2018-19'];
  const matches = evalMode ? loadMatches(listDataFiles([data])) : loadDevelopmentMatches(data);
  const mode = process.env.XG === 'mix' ? 'mix' : 'xg';
  const joined = joinRealXg(matches, readSpi(spiPath), mode);
  const inEval = matches.filter((m) => seasons.includes(m.season) && LEAGUES.includes(m.league));
  console.log(
    `joined ${joined} matches (${inEval.filter((m) => m.homeExpectedGoals !== undefined).length} of ${inEval.length} in the evaluated seasons), xG = ${mode}`,
  );
  const proxy = run(matches, seasons, DEFAULT_HYPER);
  const real = run(matches, seasons, { ...DEFAULT_HYPER, xg: { ...DEFAULT_HYPER.xg, real: true } });
  const key = (e: EvaluatedMatch) => `${e.league}|${e.date}|${e.home}|${e.away}`;
  const realBy = new Map(real.map((e) => [key(e), e] as const));
  const covered = new Set(matches.filter((m) => m.homeExpectedGoals !== undefined).map((m) => `${m.league}|${m.date.slice(0, 7)}`));
  const report = (label: string, rows: EvaluatedMatch[]) => {
    const pairs = rows.filter((e) => e.pinnacle).map((e) => [e, realBy.get(key(e))!] as const);
    const d1 = pairs.map(([a, b]) => rps(b.models.slice(0, 3), b.outcome) - rps(a.models.slice(0, 3), a.outcome));
    const d2 = pairs.map(([a, b]) => binaryBrier(b.models[3], b.over) - binaryBrier(a.models[3], a.over));
    const days = pairs.map(([a]) => a.date.slice(0, 10));
    const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
    const ci = (xs: number[]) =>
      blockBootstrapInterval(days, [xs, xs.map(() => 1)], ([d, n]) => d! / n!)
        .map((x) => x.toFixed(5))
        .join(', ');
    const pin = summarize3(
      pairs.map(([a]) => a.pinnacle!),
      pairs.map(([a]) => a.outcome),
    ).rps;
    const ratio = (k: 0 | 1) =>
      summarize3(
        pairs.map((p) => p[k].models.slice(0, 3)),
        pairs.map(([a]) => a.outcome),
      ).rps / pin;
    console.log(
      `${label}: n ${pairs.length}; our models ÷ Pinnacle closing, proxy ${ratio(0).toFixed(4)}, real xG ${ratio(1).toFixed(4)}; real − proxy RPS ${mean(d1).toFixed(5)} [${ci(d1)}]; O/U 2.5 Brier ${mean(d2).toFixed(5)} [${ci(d2)}]`,
    );
  };
  report('all evaluated matches', proxy);
  report(
    'matches in a month with real xG',
    proxy.filter((e) => covered.has(`${e.league}|${e.date.slice(0, 7)}`)),
  );
}
