/**
 * Each league's season rules for the simulations (docs/decisions/0170-season-simulations.md): the
 * real leagues' from the model's table; leagues a local stand-in invents (the demo leagues) bring
 * their own, so no Lambda bundle carries the demo definitions.
 */
import { leagueSeasonRules, type SeasonRules } from '@app/model/season';

/** The rules of a league by our id: `invented`'s when it knows the league, else the model's table. */
export function seasonRulesOf(leagueId: string, invented?: (leagueId: string) => SeasonRules | undefined): SeasonRules {
  return invented?.(leagueId) ?? leagueSeasonRules(leagueId);
}
