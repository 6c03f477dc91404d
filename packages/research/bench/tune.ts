/**
 * Hyper-parameter selection on development seasons only (default 2015-16..2018-19; every earlier season is history).
 * Usage: [MARKET=none|all] [LEAGUES=E0,SP1] [START=warm|cold|mix] [DEPLOYED=<stats lag hours>] [ROUND=3.0.0]
 *        tsx bench/tune.ts <variants.json> [out.jsonl]
 *   variants.json: [{ "name": "...", "hyper": { partial Hyper overrides } }, ...]
 *   START=cold drops every match before the first development season: each league starts with no history at all.
 *   START=gap drops only the seven seasons before it (2008-09..2014-15), as the leagues whose files stop in 2012-13
 *   and restart in 2020-21 (B1, G1, SC0, T1): the older seasons are there, years out of date. While the history
 *   window (historyDays) is shorter than the gap, gap and cold give the same figures.
 *   START=mix runs warm and gap and weighs them (RESTART_SHARE).
 *   DEPLOYED replays what a deployed stage publishes (the backtest's --deployed) instead of the research walk-forward.
 *   ROUND tags each logged line with the tuning round.
 * Prints and appends one JSON line per variant with the metrics used for the choice (see docs/model.md).
 * Never point this at seasons after 2018-19.
 */
import { appendFileSync, readFileSync } from 'node:fs';
import { backtestLeague, type EvaluatedMatch } from '../src/backtest.ts';
import { preKickoffOdds } from '@app/model/football-data';
import { DEFAULT_HYPER, type Hyper } from '@app/model/hyper';
import { calibrationSlope, pickSummary, summarize3, summarizeBinary } from '@app/model/scoring';
import { developmentSeasons, loadDevelopmentMatches } from '../src/tuning.ts';

/**
 * START=mix scores a variant as the 10-league backtest is made of: most leagues with years of history, and some
 * (B1, G1, SC0, T1, whose files stop in 2012-13 and restart in 2020-21) restarting after a gap of seven seasons.
 * Their share of its matches (3,464 of 12,875, from the match counts per file) weighs the gap run:
 * mix = 0.73 x warm ratio + 0.27 x gap ratio.
 */
const RESTART_SHARE = 0.27;
/** Seasons missing before a restarting league's first development season in START=gap. */
const GAP_SEASONS = 7;

function merge<T>(a: T, b: unknown): T {
  if (typeof b !== 'object' || b === null || Array.isArray(b)) return b as T;
  const o: Record<string, unknown> = { ...(a as Record<string, unknown> | null) };
  for (const [k, v] of Object.entries(b)) o[k] = merge((a as Record<string, unknown> | null)?.[k], v);
  return o as T;
}

export function devMetrics(ev: readonly EvaluatedMatch[]) {
  const c = ev.filter((e) => e.pinnacle && e.market);
  const y = c.map((e) => e.outcome);
  const rps = (g: (e: EvaluatedMatch) => readonly number[]) => summarize3(c.map(g), y).rps;
  const co = ev.filter((e) => e.marketOver !== undefined);
  const yo = co.map((e) => e.over);
  const bri = (g: (e: EvaluatedMatch) => number) => summarizeBinary(co.map(g), yo).brier;
  const r5 = (x: number) => Math.round(x * 1e5) / 1e5;
  const withInput = c.filter((e) => e.input);
  return {
    n: c.length,
    ratio: r5(rps((e) => e.ensemble.slice(0, 3)) / rps((e) => e.pinnacle!)),
    modelsRatio: r5(rps((e) => e.models.slice(0, 3)) / rps((e) => e.pinnacle!)),
    x1: {
      ensemble: r5(rps((e) => e.ensemble.slice(0, 3))),
      models: r5(rps((e) => e.models.slice(0, 3))),
      statistical: r5(rps((e) => e.statistical.slice(0, 3))),
      ai: r5(rps((e) => e.ai.slice(0, 3))),
      rating: r5(rps((e) => e.rating.slice(0, 3))),
      market: r5(rps((e) => e.market!)),
      pinnacle: r5(rps((e) => e.pinnacle!)),
      ...(withInput.length === c.length && c.length ? { input: r5(rps((e) => e.input!)) } : {}),
    },
    ou: {
      ensemble: r5(bri((e) => e.ensemble[3])),
      models: r5(bri((e) => e.models[3])),
      statistical: r5(bri((e) => e.statistical[3])),
      ai: r5(bri((e) => e.ai[3])),
      rating: r5(bri((e) => e.rating[3])),
      market: r5(bri((e) => e.marketOver!)),
    },
    ouSlope:
      Math.round(
        calibrationSlope(
          co.map((e) => e.models[3]),
          yo,
        ).slope * 1e3,
      ) / 1e3,
    picks60: (() => {
      const p = pickSummary(
        ev.map((e) => e.ensemble.slice(0, 3)),
        ev.map((e) => e.outcome),
        ev.map(() => undefined),
      );
      return { n: p.picks, hitRate: r5(p.hitRate) };
    })(),
  };
}

const isMain = process.argv[1]?.endsWith('tune.ts');
if (isMain) {
  const [variantsFile, outFile] = process.argv.slice(2);
  if (!variantsFile) {
    console.error('usage: tsx bench/tune.ts <variants.json> [out.jsonl]');
    process.exit(2);
  }
  const variants = JSON.parse(readFileSync(variantsFile, 'utf8')) as { name: string; hyper: unknown }[];
  const dataDir = process.env.DATA ?? process.env.BENCH_DATA;
  if (!dataDir) {
    console.error('DATA=<football-data folder> tsx bench/tune.ts <variants.json> [out.jsonl]');
    process.exit(2);
  }
  const seasons = developmentSeasons(process.env.SEASONS);
  const market = process.env.MARKET === 'none' ? 'none' : 'all';
  const leagues = (process.env.LEAGUES ?? 'E0,E1,SP1,D1,I1,F1').split(',');
  // ODDS=ps,avg,b365 tries another source order for the model's pre-kickoff odds (default: preKickoffOdds's).
  const order = process.env.ODDS?.split(',') as Parameters<typeof preKickoffOdds>[1] | undefined;
  const start = process.env.START ?? 'warm';
  if (!['warm', 'cold', 'gap', 'mix'].includes(start)) throw new Error(`START must be warm, cold, gap or mix (got '${start}')`);
  const first = [...seasons].sort()[0]!;
  const firstYear = Number(first.slice(0, 4));
  const warmMatches = loadDevelopmentMatches(dataDir).map((m) => (order ? { ...m, odds: preKickoffOdds(m, order) } : m));
  const coldMatches = warmMatches.filter((m) => m.season >= first);
  const gapMatches = warmMatches.filter((m) => m.season >= first || Number(m.season.slice(0, 4)) < firstYear - GAP_SEASONS);
  const deployed = process.env.DEPLOYED !== undefined ? { deployed: { statsLagHours: Number(process.env.DEPLOYED) } } : {};
  const run = (matches: typeof warmMatches, hyper: Hyper) => {
    const ev: EvaluatedMatch[] = [];
    for (const lg of leagues)
      ev.push(
        ...backtestLeague(
          matches.filter((m) => m.league === lg),
          { seasons, hyper, market, ...deployed },
        ),
      );
    return ev;
  };
  const coldMetrics = (ev: readonly EvaluatedMatch[]) => ({ firstSeason: devMetrics(ev.filter((e) => e.season === first)).ratio, ...devMetrics(ev) });
  for (const v of variants) {
    const t0 = performance.now();
    const hyper = merge<Hyper>(DEFAULT_HYPER, v.hyper);
    let metrics: object;
    if (start === 'warm') metrics = devMetrics(run(warmMatches, hyper));
    else if (start === 'cold') metrics = coldMetrics(run(coldMatches, hyper));
    else if (start === 'gap') metrics = coldMetrics(run(gapMatches, hyper));
    else {
      const warm = devMetrics(run(warmMatches, hyper));
      const gap = coldMetrics(run(gapMatches, hyper));
      const mix = Math.round(((1 - RESTART_SHARE) * warm.ratio + RESTART_SHARE * gap.ratio) * 1e5) / 1e5;
      metrics = { mix, warm, gap };
    }
    const round = process.env.ROUND ? { round: process.env.ROUND } : {};
    const line = JSON.stringify({
      ...round,
      name: v.name,
      market,
      start,
      ...(process.env.DEPLOYED !== undefined ? { deployed: Number(process.env.DEPLOYED) } : {}),
      hyper: v.hyper,
      seconds: Math.round((performance.now() - t0) / 1000),
      ...metrics,
    });
    console.log(line);
    if (outFile) appendFileSync(outFile, line + '\n');
  }
}
