/**
 * The level of the expected-goals proxy: per league and season, the proxy's mean (each match at the conversion
 * rates known before it, as the engine ingests it) against the goals actually scored in the same matches. A proxy
 * that runs below the goals pulls every model's goal level, and P(over 2.5), down with it.
 */
import { dayNumber, emptyConversion, ingestShots, matchShots } from './features.ts';
import type { Hyper } from './hyper.ts';
import type { MatchRecord } from './types.ts';

export interface ProxyLevel {
  league: string;
  season: string;
  /** Matches with shots on target. */
  matches: number;
  goals: number;
  proxy: number;
  /** proxy / goals. */
  ratio: number;
}

/** Replays each league's matches in date order, as the engine ingests them, and sums per season. */
export function proxyLevels(matches: readonly MatchRecord[], hyper: Hyper): ProxyLevel[] {
  const out: ProxyLevel[] = [];
  for (const league of [...new Set(matches.map((m) => m.league))].sort()) {
    const c = emptyConversion();
    const bySeason = new Map<string, ProxyLevel>();
    const sorted = matches
      .filter((m) => m.league === league)
      .map((m) => ({ m, day: dayNumber(m.date) }))
      .sort((a, b) => a.day - b.day);
    for (const { m, day } of sorted) {
      const s = matchShots(m);
      if (!s) continue;
      const xg = ingestShots(c, hyper, day, m.homeGoals, m.awayGoals, s);
      const season = m.season ?? m.date.slice(0, 4);
      let row = bySeason.get(season);
      if (!row) bySeason.set(season, (row = { league, season, matches: 0, goals: 0, proxy: 0, ratio: 1 }));
      row.matches++;
      row.goals += m.homeGoals + m.awayGoals;
      row.proxy += xg.homeXg + xg.awayXg;
    }
    for (const row of [...bySeason.values()].sort((a, b) => (a.season < b.season ? -1 : 1)))
      out.push({ ...row, ratio: row.goals > 0 ? row.proxy / row.goals : 1 });
  }
  return out;
}
