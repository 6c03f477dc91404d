/**
 * The market memory's development grid (decision 0290): the memory alone, walk-forward, scored against Pinnacle's
 * close on 2015-16..2019-20 only (the seasons are fixed here: no later file is read).
 *   DATA=<football-data folder> npx tsx packages/research/bench/memory-tune.ts
 * Prints one line a setting (RPS ratio to Pinnacle closing, O/U 2.5 Brier minus Pinnacle's, matches).
 */
import { DEFAULT_MEMORY, type MemoryParams } from '@app/model/market-memory';
import { memoryReport, memoryRows, stackRows } from '../src/memory-backtest.ts';
import { listDataFiles, loadMatches } from '../src/cli/load.ts';

const DEV = ['2015-16', '2016-17', '2017-18', '2018-19', '2019-20'];
const data = process.env.DATA;
if (!data) throw new Error('DATA=<football-data folder> is required');
const matches = loadMatches(listDataFiles([data]).filter((f) => f.season <= DEV.at(-1)!));

function score(p: MemoryParams): string {
  const t = performance.now();
  const rows = stackRows(memoryRows(matches, DEV, p), { w1x2: 0, wOver: 0, minRows: Infinity });
  const o = memoryReport(rows).overall;
  return `${JSON.stringify(p)} ratio ${o.ratio.memory.toFixed(5)} ou ${(o.brier.memory - o.brier.pinnacle).toFixed(5)} n ${o.n} (${((performance.now() - t) / 1000).toFixed(1)} s)`;
}

const grid: Partial<MemoryParams>[] = process.env.GRID
  ? (JSON.parse(process.env.GRID) as Partial<MemoryParams>[])
  : [14, 21, 28, 42].flatMap((halfLifeDays) => [0.5, 1, 2, 4].map((ridge) => ({ halfLifeDays, ridge })));
for (const g of grid) console.log(score({ ...DEFAULT_MEMORY, ...g }));
