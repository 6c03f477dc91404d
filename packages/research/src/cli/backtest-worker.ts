/** Worker thread of the backtest CLI: loads one league's files and runs its walk-forward backtest. */
import { parentPort, workerData } from 'node:worker_threads';
import { backtestLeague, type DeployedOptions, type EvaluatedMatch, type MarketMode } from '../backtest.ts';
import { mergeMatches, parseFootballDataCsv, seasonFromFileName } from '@app/model/football-data';
import { readFileSync } from 'node:fs';
import { basename, dirname } from 'node:path';

export interface WorkerJob {
  league: string;
  files: string[];
  seasons: string[];
  refitDays: number;
  market: MarketMode;
  deployed?: DeployedOptions;
}
export type WorkerMessage = { type: 'progress'; message: string } | { type: 'done'; league: string; matches: EvaluatedMatch[]; ms: number };

/** Runs one league job (in a worker thread or in-process). */
export function runJob(job: WorkerJob, post: (m: WorkerMessage) => void): void {
  const t0 = performance.now();
  const lists = job.files.map((path) =>
    parseFootballDataCsv(readFileSync(path, 'utf8'), { league: basename(dirname(path)), season: seasonFromFileName(basename(path))! }),
  );
  const matches = mergeMatches(lists);
  const ev = backtestLeague(matches, {
    seasons: job.seasons,
    refitDays: job.refitDays,
    market: job.market,
    ...(job.deployed ? { deployed: job.deployed } : {}),
    onProgress: (message) => post({ type: 'progress', message }),
  });
  post({ type: 'done', league: job.league, matches: ev, ms: performance.now() - t0 });
}

if (parentPort && workerData) {
  const port = parentPort;
  runJob(workerData as WorkerJob, (m) => port.postMessage(m));
}
