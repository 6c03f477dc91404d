/**
 * The `--market memory` backtest (pure): each evaluated match forecast from the closes of earlier matches (never its
 * own; `minAgeDays` before its day), pooled with our models (the `--market none` forecasts) by weights learned
 * walk-forward, and scored against Pinnacle's close (docs/decisions/0290-market-memory.md).
 */
import type { EvaluatedMatch } from './backtest.ts';
import { blockBootstrapInterval } from '@app/model/bootstrap';
import type { P4 } from '@app/model/features';
import type { ParsedMatch } from '@app/model/football-data';
import { closingLineOf, memoryWalkForward, poolMemory, type MemoryParams, type StackParams } from '@app/model/market-memory';

export { DEFAULT_STACK, poolMemory, type StackParams } from '@app/model/market-memory';
import { removeMargin } from '@app/model/odds';
import { calibrationSlope, outcomeOf, rps, type CalibrationFit, type Outcome } from '@app/model/scoring';

const WEIGHT_GRID = Array.from({ length: 51 }, (_, i) => i / 50);

export interface MemoryRow {
  league: string;
  season: string;
  date: string;
  home: string;
  away: string;
  outcome: Outcome;
  over: boolean;
  memory: P4;
  models?: P4;
  stack: P4;
  /** The weights of our models the stack used (learned on earlier days). */
  weights: [number, number];
  /** De-vigged Pinnacle 1X2 (closing, else pre-closing) and O/U 2.5 (closing, else pre-closing). */
  pinnacle?: [number, number, number];
  pinnacleOver?: number;
}

const log3 = (p: P4, y: Outcome) => -Math.log(Math.max(1e-12, p[y]));
const logOver = (p: number, y: boolean) => -Math.log(Math.max(1e-12, y ? p : 1 - p));

/**
 * Market-memory forecasts of the evaluated seasons' matches (the stack is the memory alone until `stackRows`).
 * `matches` are every match on file of every league (the memory reads every season before the evaluated ones, and
 * carries clubs between leagues).
 */
export function memoryRows(matches: readonly ParsedMatch[], seasons: readonly string[], params: MemoryParams): MemoryRow[] {
  const evalSet = new Set(seasons);
  const last = [...seasons].sort().at(-1)!;
  const used = matches.filter((m) => m.season <= last);
  const forecasts = memoryWalkForward(
    used.map((m) => {
      const close = closingLineOf(m);
      return { league: m.league, season: m.season, date: m.date, home: m.home, away: m.away, ...(close ? { close } : {}) };
    }),
    (m) => evalSet.has(m.season),
    params,
  );
  const rows: MemoryRow[] = [];
  used.forEach((m, i) => {
    const f = forecasts.get(i);
    if (!f) return;
    const pin = m.closing.ps ?? m.pre.ps;
    const pinOU = m.closing.psOU ?? m.preOU.ps;
    const row: MemoryRow = {
      league: m.league,
      season: m.season,
      date: m.date.slice(0, 10),
      home: m.home,
      away: m.away,
      outcome: outcomeOf(m.homeGoals, m.awayGoals),
      over: m.homeGoals + m.awayGoals > 2,
      memory: f.p,
      stack: f.p,
      weights: [0, 0],
    };
    if (pin) row.pinnacle = removeMargin([pin.home, pin.draw, pin.away], 'shin') as [number, number, number];
    if (pinOU) row.pinnacleOver = removeMargin([pinOU.over, pinOU.under], 'proportional')[0]!;
    rows.push(row);
  });
  return rows.sort((a, b) => cmp(`${a.date}|${a.league}|${a.home}|${a.away}`, `${b.date}|${b.league}|${b.home}|${b.away}`));
}

/**
 * Attaches our models' forecasts (the `--market none` backtest's, same matches) and stacks them walk-forward.
 * Without `models` each row's "models" is the memory itself (a memory-only run: the stack is the memory).
 */
export function stackRows(rows: MemoryRow[], stack: StackParams, models?: readonly EvaluatedMatch[]): MemoryRow[] {
  const key = (m: { league: string; date: string; home: string; away: string }) => `${m.league}|${m.date.slice(0, 10)}|${m.home}|${m.away}`;
  const ours = new Map((models ?? []).map((e) => [key(e), e.models] as const));
  for (const r of rows) {
    const mine = models ? ours.get(key(r)) : r.memory;
    if (mine) r.models = mine;
  }
  stackWalkForward(rows, stack);
  return rows;
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Sets each row's stack: our models' weights are the log-loss minimisers over every earlier day's rows (the grid 0,
 * 0.02, .., 1), or the stack's prior weights while fewer than `minRows` rows came before. Rows in date order.
 */
export function stackWalkForward(rows: MemoryRow[], stack: StackParams): void {
  const loss1 = new Float64Array(WEIGHT_GRID.length);
  const lossO = new Float64Array(WEIGHT_GRID.length);
  let seen = 0;
  const argmin = (a: Float64Array) => {
    let best = 0;
    for (let k = 1; k < a.length; k++) if (a[k]! < a[best]!) best = k;
    return WEIGHT_GRID[best]!;
  };
  for (let k = 0; k < rows.length;) {
    let end = k;
    while (end < rows.length && rows[end]!.date === rows[k]!.date) end++;
    const w: [number, number] = seen >= stack.minRows ? [argmin(loss1), argmin(lossO)] : [stack.w1x2, stack.wOver];
    for (let j = k; j < end; j++) {
      const r = rows[j]!;
      if (!r.models) continue;
      r.weights = w;
      r.stack = poolMemory(r.memory, r.models, w[0], w[1]);
    }
    for (let j = k; j < end; j++) {
      const r = rows[j]!;
      if (!r.models) continue;
      seen++;
      WEIGHT_GRID.forEach((g, i) => {
        const p = poolMemory(r.memory, r.models!, g, g);
        loss1[i] = loss1[i]! + log3(p, r.outcome);
        lossO[i] = lossO[i]! + logOver(p[3], r.over);
      });
    }
    k = end;
  }
}

export interface MemoryGroup {
  label: string;
  /** Matches with Pinnacle's 1X2 (and, for O/U, its O/U 2.5). */
  n: number;
  nOu: number;
  rps: { memory: number; stack: number; models: number; pinnacle: number };
  ratio: { memory: number; stack: number; models: number };
  brier: { memory: number; stack: number; models: number; pinnacle: number };
}

export interface MemoryReport {
  overall: MemoryGroup & {
    ratioCI95: { memory: [number, number]; stack: [number, number]; models: [number, number] };
    /** Stack minus memory alone, mean paired RPS. */
    stackMinusMemory: { diff: number; ci95: [number, number] };
    ouDiff: { memory: number; stack: number; memoryCI95: [number, number]; stackCI95: [number, number] };
    overCalibration: { memory: CalibrationFit; stack: CalibrationFit };
    /** Calibration of P(home win), a binary logistic fit like the over's. */
    homeCalibration: { memory: CalibrationFit; stack: CalibrationFit };
    /** The weights of our models on the last evaluated day. */
    lastWeights: [number, number];
  };
  leagues: MemoryGroup[];
  seasons: MemoryGroup[];
  /** The first six weeks of each league-season against the rest. */
  early: MemoryGroup[];
}

const BOOTSTRAP_REPLICATES = 2000;

function groupOf(label: string, rows: readonly MemoryRow[]): MemoryGroup {
  const c = rows.filter((r) => r.pinnacle && r.models);
  const co = rows.filter((r) => r.pinnacleOver !== undefined && r.models);
  const mean = (xs: readonly MemoryRow[], f: (r: MemoryRow) => number) => xs.reduce((a, r) => a + f(r), 0) / xs.length;
  const sq = (p: number, y: boolean) => (p - (y ? 1 : 0)) ** 2;
  const r = {
    memory: mean(c, (x) => rps(x.memory.slice(0, 3), x.outcome)),
    stack: mean(c, (x) => rps(x.stack.slice(0, 3), x.outcome)),
    models: mean(c, (x) => rps(x.models!.slice(0, 3), x.outcome)),
    pinnacle: mean(c, (x) => rps(x.pinnacle!, x.outcome)),
  };
  return {
    label,
    n: c.length,
    nOu: co.length,
    rps: r,
    ratio: { memory: r.memory / r.pinnacle, stack: r.stack / r.pinnacle, models: r.models / r.pinnacle },
    brier: {
      memory: mean(co, (x) => sq(x.memory[3], x.over)),
      stack: mean(co, (x) => sq(x.stack[3], x.over)),
      models: mean(co, (x) => sq(x.models![3], x.over)),
      pinnacle: mean(co, (x) => sq(x.pinnacleOver!, x.over)),
    },
  };
}

/** The report of a `--market memory` run: scored on matches with Pinnacle's prices and our models' forecast. */
export function memoryReport(rows: readonly MemoryRow[]): MemoryReport {
  const c = rows.filter((r) => r.pinnacle && r.models);
  const co = rows.filter((r) => r.pinnacleOver !== undefined && r.models);
  const days = c.map((r) => r.date);
  const rpsOf = (f: (r: MemoryRow) => readonly number[]) => c.map((r) => rps(f(r).slice(0, 3), r.outcome));
  const mem = rpsOf((r) => r.memory),
    stk = rpsOf((r) => r.stack),
    mod = rpsOf((r) => r.models!),
    pin = rpsOf((r) => r.pinnacle!);
  const ratio = (a: number[]) => blockBootstrapInterval(days, [a, pin], ([x, y]) => x! / y!, BOOTSTRAP_REPLICATES);
  const ones = c.map(() => 1);
  const sq = (p: number, y: boolean) => (p - (y ? 1 : 0)) ** 2;
  const ouCI = (f: (r: MemoryRow) => number) =>
    blockBootstrapInterval(
      co.map((r) => r.date),
      [co.map((r) => sq(f(r), r.over) - sq(r.pinnacleOver!, r.over)), co.map(() => 1)],
      ([d, n]) => d! / n!,
      BOOTSTRAP_REPLICATES,
    );
  const overall = groupOf('overall', rows);
  const by = (f: (r: MemoryRow) => string) =>
    [...new Set(rows.map(f))].sort().map((k) =>
      groupOf(
        k,
        rows.filter((r) => f(r) === k),
      ),
    );
  const firstDay = new Map<string, string>();
  for (const r of rows) {
    const k = `${r.league}|${r.season}`;
    if (!firstDay.has(k) || r.date < firstDay.get(k)!) firstDay.set(k, r.date);
  }
  const early = (r: MemoryRow) => Date.parse(r.date) - Date.parse(firstDay.get(`${r.league}|${r.season}`)!) < 42 * 86_400_000;
  return {
    overall: {
      ...overall,
      ratioCI95: { memory: ratio(mem), stack: ratio(stk), models: ratio(mod) },
      stackMinusMemory: {
        diff: overall.rps.stack - overall.rps.memory,
        ci95: blockBootstrapInterval(days, [stk.map((x, i) => x - mem[i]!), ones], ([d, n]) => d! / n!, BOOTSTRAP_REPLICATES),
      },
      ouDiff: {
        memory: overall.brier.memory - overall.brier.pinnacle,
        stack: overall.brier.stack - overall.brier.pinnacle,
        memoryCI95: ouCI((r) => r.memory[3]),
        stackCI95: ouCI((r) => r.stack[3]),
      },
      overCalibration: {
        memory: calibrationSlope(
          co.map((r) => r.memory[3]),
          co.map((r) => r.over),
        ),
        stack: calibrationSlope(
          co.map((r) => r.stack[3]),
          co.map((r) => r.over),
        ),
      },
      homeCalibration: {
        memory: calibrationSlope(
          c.map((r) => r.memory[0]),
          c.map((r) => r.outcome === 0),
        ),
        stack: calibrationSlope(
          c.map((r) => r.stack[0]),
          c.map((r) => r.outcome === 0),
        ),
      },
      lastWeights: rows.at(-1)?.weights ?? [0, 0],
    },
    leagues: by((r) => r.league),
    seasons: by((r) => r.season),
    early: [
      groupOf('first six weeks of a season', rows.filter(early)),
      groupOf(
        'the rest',
        rows.filter((r) => !early(r)),
      ),
    ],
  };
}

const f4 = (x: number) => x.toFixed(4);
const f5 = (x: number) => x.toFixed(5);
const sg = (x: number) => `${x >= 0 ? '+' : ''}${x.toFixed(4)}`;
const ci = ([a, b]: [number, number], f = f4) => `[${f(a)}, ${f(b)}]`;

/** Text rendering of a `--market memory` report. */
export function renderMemoryReport(r: MemoryReport, title: string): string {
  const o = r.overall;
  const lines = [
    title,
    `Matches with Pinnacle 1X2 and our models' forecast: ${o.n} (O/U 2.5: ${o.nOu}); 95 % block-bootstrap intervals (blocks = match days)`,
    '',
    '1X2              RPS      / Pinnacle closing',
    `market memory    ${f5(o.rps.memory)}  ${f4(o.ratio.memory)} ${ci(o.ratioCI95.memory)}`,
    `stack            ${f5(o.rps.stack)}  ${f4(o.ratio.stack)} ${ci(o.ratioCI95.stack)}`,
    `our models       ${f5(o.rps.models)}  ${f4(o.ratio.models)} ${ci(o.ratioCI95.models)}`,
    `Pinnacle close   ${f5(o.rps.pinnacle)}  1`,
    `stack - memory, mean paired RPS: ${o.stackMinusMemory.diff.toFixed(5)} ${ci(o.stackMinusMemory.ci95, f5)}; our models' weight on the last day: 1X2 ${o.lastWeights[0]}, O/U ${o.lastWeights[1]}`,
    '',
    'O/U 2.5          Brier    - Pinnacle closing              P(over) slope            P(home) slope',
    `market memory    ${f5(o.brier.memory)}  ${sg(o.ouDiff.memory)} ${ci(o.ouDiff.memoryCI95, sg)}   ${o.overCalibration.memory.slope.toFixed(3)} ${ci(o.overCalibration.memory.slopeCI95, (x) => x.toFixed(3))}   ${o.homeCalibration.memory.slope.toFixed(3)} ${ci(o.homeCalibration.memory.slopeCI95, (x) => x.toFixed(3))}`,
    `stack            ${f5(o.brier.stack)}  ${sg(o.ouDiff.stack)} ${ci(o.ouDiff.stackCI95, sg)}   ${o.overCalibration.stack.slope.toFixed(3)} ${ci(o.overCalibration.stack.slopeCI95, (x) => x.toFixed(3))}   ${o.homeCalibration.stack.slope.toFixed(3)} ${ci(o.homeCalibration.stack.slopeCI95, (x) => x.toFixed(3))}`,
    `our models       ${f5(o.brier.models)}  ${sg(o.brier.models - o.brier.pinnacle)}`,
    `Pinnacle close   ${f5(o.brier.pinnacle)}`,
    '',
    'group                           n   memory/Pin  stack/Pin  models/Pin   O/U memory-Pin  stack-Pin',
  ];
  const ou = (g: MemoryGroup, x: number) => (g.nOu ? sg(x - g.brier.pinnacle) : '      –');
  for (const g of [...r.leagues, ...r.seasons, ...r.early])
    lines.push(
      `${g.label.padEnd(28)}${String(g.n).padStart(6)}   ${f4(g.ratio.memory)}     ${f4(g.ratio.stack)}     ${f4(g.ratio.models)}      ${ou(g, g.brier.memory)}        ${ou(g, g.brier.stack)}`,
    );
  return lines.join('\n');
}
