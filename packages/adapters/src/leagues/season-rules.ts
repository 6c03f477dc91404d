/**
 * Each league's season rules for the simulations (docs/decisions/0170-season-simulations.md): the real leagues' from
 * the model's table, the demo leagues' from their definitions.
 */
import { leagueSeasonRules, type SeasonRules } from '@app/model/season';
import { demoLeague } from '../demo/demo-leagues.ts';

/** The rules of a league by our id. */
export function seasonRulesOf(leagueId: string): SeasonRules {
  const demo = demoLeague(leagueId)?.season;
  return demo ? { tieBreaks: demo.tieBreaks, relegated: demo.relegated, top: 4 } : leagueSeasonRules(leagueId);
}
