/**
 * The data the tuning script (bench/tune.ts) may see: the development seasons 2015-16..2018-19 and the history
 * before them, never a later season. The evaluation seasons (2019-20 on) are read only by the backtest CLI, once per
 * round, after the round's values are frozen (docs/model.md).
 */
import { listDataFiles, loadMatches } from './cli/load.ts';
import type { ParsedMatch } from '@app/model/football-data';

export const DEV_SEASONS = ['2015-16', '2016-17', '2017-18', '2018-19'] as const;
const LAST_DEV_SEASON = DEV_SEASONS.at(-1)!;

/** A tuning run asked for a season outside the development seasons. */
export class EvaluationSeasonError extends Error {
  constructor(readonly seasons: readonly string[]) {
    super(`tuning must only use the development seasons ${DEV_SEASONS.join(', ')} (asked for ${seasons.join(', ')})`);
    this.name = 'EvaluationSeasonError';
  }
}

/** The evaluated seasons of a tuning run: `spec` ('2016-17,2017-18'), else every development season; refuses others. */
export function developmentSeasons(spec: string | undefined): string[] {
  const seasons = spec ? spec.split(',').map((s) => s.trim()) : [...DEV_SEASONS];
  const outside = seasons.filter((s) => !(DEV_SEASONS as readonly string[]).includes(s));
  if (outside.length || seasons.length === 0) throw new EvaluationSeasonError(outside);
  return seasons;
}

/** The matches of the data folder up to the last development season; later season files are not even read. */
export function loadDevelopmentMatches(dir: string): ParsedMatch[] {
  return loadMatches(listDataFiles([dir]).filter((f) => f.season <= LAST_DEV_SEASON));
}
