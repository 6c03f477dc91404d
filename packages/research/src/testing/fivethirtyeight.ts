/**
 * A real-data sample that ships with the repository: FiveThirtyEight's club soccer predictions (`spi_matches.csv`,
 * CC BY 4.0, attribution in fivethirtyeight/README.md), four leagues none of our tuning or evaluation seasons include
 * (Eredivisie, Primeira Liga, 2. Bundesliga, Ligue 2), 2017-18 and 2018-19: results, and SPI's own pre-match
 * probabilities. The skill test runs our walk-forward on it; docs/model.md compares our models with SPI on it.
 */
import { readFileSync } from 'node:fs';
import { backtestLeague, type EvaluatedMatch } from '../backtest.ts';
import type { ParsedMatch } from '@app/model/football-data';
import type { Hyper } from '@app/model/hyper';

/** football-data.co.uk-style codes for the sample's leagues. */
const LEAGUES: Record<string, string> = { 'Dutch Eredivisie': 'N1', 'Portuguese Liga': 'P1', 'German 2. Bundesliga': 'D2', 'French Ligue 2': 'F2' };

/** The evaluated season: the sample's first season is history only (every club starts unknown in it). */
export const SPI_EVALUATED_SEASON = '2018-19';

export interface SpiMatch {
  match: ParsedMatch;
  /** SPI's pre-match home, draw and away probabilities. */
  spi: [number, number, number];
}

/** The sample's matches, with the season of their date (July onwards starts a season). */
export function loadSpiSample(): SpiMatch[] {
  const [header, ...lines] = readFileSync(new URL('./fivethirtyeight/spi-matches.csv', import.meta.url), 'utf8')
    .trim()
    .split('\n');
  const col = new Map(header!.split(',').map((h, i) => [h, i] as const));
  return lines.map((line) => {
    const cells = line.split(',');
    const get = (name: string) => cells[col.get(name)!]!;
    const date = get('date');
    const year = Number(date.slice(0, 4)) - (Number(date.slice(5, 7)) < 7 ? 1 : 0);
    const match: ParsedMatch = {
      date,
      league: LEAGUES[get('league')]!,
      season: `${year}-${String((year + 1) % 100).padStart(2, '0')}`,
      home: get('team1'),
      away: get('team2'),
      homeGoals: Number(get('score1')),
      awayGoals: Number(get('score2')),
      pre: {},
      preOU: {},
      closing: {},
    };
    return { match, spi: [Number(get('prob1')), Number(get('probtie')), Number(get('prob2'))] };
  });
}

/** Our walk-forward (no bookmaker price) over the sample's evaluated season, each match with SPI's forecast. */
export function spiWalkForward(hyper?: Hyper): { evaluated: EvaluatedMatch; spi: [number, number, number] }[] {
  const sample = loadSpiSample();
  const spiOf = new Map(sample.map((s) => [`${s.match.league}|${s.match.date}|${s.match.home}|${s.match.away}`, s.spi]));
  return Object.values(LEAGUES).flatMap((league) =>
    backtestLeague(
      sample.filter((s) => s.match.league === league).map((s) => s.match),
      { seasons: [SPI_EVALUATED_SEASON], market: 'none', ...(hyper ? { hyper } : {}) },
    ).map((evaluated) => ({ evaluated, spi: spiOf.get(`${evaluated.league}|${evaluated.date}|${evaluated.home}|${evaluated.away}`)! })),
  );
}
