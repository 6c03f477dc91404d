/**
 * Benchmark of the season simulations (`npm run bench`; needs no data): 10 synthetic 20-club leagues, each stopped at
 * mid-season (19 of 38 rounds played, 190 fixtures left), the model fitted on three seasons before and the season so
 * far, then what the results job does per league: each remaining fixture's forecast and 10,000 hot runs of the rest
 * of the season. Reports the wall time of the 10 leagues (target <= 10 s on the 2-core VM) and writes
 * <repo>/bench-results/season.json. Timed twice: the remaining fixtures from our models, and from the market memory
 * (the league's memory built from its priced history, then its ratings on the day: what the job does where a
 * league's matches were priced; docs/decisions/0345-season-simulations-from-market-memory.md).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { dayNumber } from '@app/model/engine';
import { fitLeagueModel } from '@app/model/forecast';
import { leagueMemory, memorySeasonGoals } from '@app/model/market-memory';
import { seasonSetup, simulateSeason } from '@app/model/season';
import { simulateLeague } from '@app/model/testing/simulate';

const RUNS = 10_000;
const LEAGUES = 10;
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const round = (x: number, d = 1) => Math.round(x * 10 ** d) / 10 ** d;

const leagues = Array.from({ length: LEAGUES }, (_, i) => {
  const league = `SIM${i}`;
  const { matches } = simulateLeague({ league, seasons: 4, seed: 100 + i, shots: true, promoted: 3, odds: true });
  const season = [...new Set(matches.map((m) => m.season))].sort().at(-1)!;
  const current = matches.filter((m) => m.season === season).sort((a, b) => a.date.localeCompare(b.date));
  const half = current.length / 2;
  const asOf = current[half]!.date.slice(0, 10);
  const history = matches.filter((m) => m.date < asOf);
  const state = fitLeagueModel({ league, history, asOf });
  return {
    league,
    season,
    history,
    state,
    asOf,
    played: current.slice(0, half),
    remaining: current.slice(half).map((m) => ({ home: m.home, away: m.away, kickoff: `${m.date.slice(0, 10)}T15:00:00Z` })),
  };
});

const rules = { tieBreaks: ['goalDifference', 'goalsFor'] as const, top: 4, relegated: 3 };
/** Three timings of the 10 leagues, from our models or from the market memory; the setup's share (forecasts, memory) of the last. */
function timed(memory: boolean): { times: number[]; cpu: number[]; setupMs: number } {
  const times: number[] = [];
  const cpu: number[] = [];
  let setupMs = 0;
  for (let repeat = 0; repeat < 3; repeat++) {
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    let setupTotal = 0;
    for (const l of leagues) {
      const s0 = performance.now();
      const mem = memory ? leagueMemory(l.history, l.league, l.asOf) : undefined;
      if (memory && !mem) throw new Error(`${l.league}: no market memory (the bench's history is priced)`);
      const goals = mem ? memorySeasonGoals(mem, l.league, l.season!, l.asOf) : undefined;
      const setup = seasonSetup(l.state, l.played, l.remaining, dayNumber(l.asOf), goals);
      setupTotal += performance.now() - s0;
      simulateSeason(setup, rules, { runs: RUNS, seed: repeat + 1 });
    }
    times.push((performance.now() - t0) / 1000);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1e6);
    setupMs = setupTotal;
  }
  return { times, cpu, setupMs };
}
const { times, cpu, setupMs } = timed(false);
const fromMemory = timed(true);
const median = [...times].sort((a, b) => a - b)[1]!;
const memoryMedian = [...fromMemory.times].sort((a, b) => a - b)[1]!;
console.log(
  `Season simulations: ${LEAGUES} leagues x ${RUNS.toLocaleString('en')} runs from mid-season (190 fixtures each): median ${round(median, 2)} s of 3 (runs ${times.map((t) => round(t, 2)).join(', ')} s; forecasts of the remaining fixtures ${round(setupMs / 1000, 2)} s of it; CPU ${cpu.map((t) => round(t, 2)).join(', ')} s); target <= 10 s`,
);
console.log(
  `  from the market memory: median ${round(memoryMedian, 2)} s of 3 (runs ${fromMemory.times.map((t) => round(t, 2)).join(', ')} s; memories built from the priced history and the fixtures' means ${round(fromMemory.setupMs / 1000, 2)} s of it; CPU ${fromMemory.cpu.map((t) => round(t, 2)).join(', ')} s); target <= 10 s`,
);
const outDir = join(repoRoot, 'bench-results');
mkdirSync(outDir, { recursive: true });
writeFileSync(
  join(outDir, 'season.json'),
  JSON.stringify(
    {
      date: new Date().toISOString(),
      machine: { cpus: cpus().length, node: process.version },
      leagues: LEAGUES,
      runs: RUNS,
      fixturesLeft: 190,
      medianSeconds: round(median, 2),
      seconds: times.map((t) => round(t, 2)),
      cpuSeconds: cpu.map((t) => round(t, 2)),
      setupSeconds: round(setupMs / 1000, 2),
      memory: {
        medianSeconds: round(memoryMedian, 2),
        seconds: fromMemory.times.map((t) => round(t, 2)),
        cpuSeconds: fromMemory.cpu.map((t) => round(t, 2)),
        setupSeconds: round(fromMemory.setupMs / 1000, 2),
      },
      targetSeconds: 10,
    },
    null,
    2,
  ),
);
