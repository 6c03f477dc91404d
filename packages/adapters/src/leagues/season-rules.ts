/**
 * Each league's season rules for the simulations: how clubs level on points are ordered, and how many places are
 * relegated directly (docs/decisions/0170-season-simulations.md). Play-off places, split seasons (Scotland, Belgium,
 * Greece) and deductions are not modelled: a simulation plays the fixtures the provider lists and ranks the table.
 */
import type { SeasonRules, TieBreak } from '@app/model/season';
import { demoLeague } from '../demo/demo-leagues.ts';

const GD: readonly TieBreak[] = ['goalDifference', 'goalsFor', 'headToHead'];
const H2H: readonly TieBreak[] = ['headToHead', 'goalDifference', 'goalsFor'];

/** Leagues whose rules differ from the common ones (goal difference, goals scored; three relegated). */
const RULES: Readonly<Record<string, { tieBreaks: readonly TieBreak[]; relegated: number }>> = {
  E0: { tieBreaks: GD, relegated: 3 },
  E1: { tieBreaks: GD, relegated: 3 },
  SP1: { tieBreaks: H2H, relegated: 3 },
  SP2: { tieBreaks: H2H, relegated: 4 },
  D1: { tieBreaks: GD, relegated: 2 },
  D2: { tieBreaks: GD, relegated: 2 },
  I1: { tieBreaks: H2H, relegated: 3 },
  I2: { tieBreaks: H2H, relegated: 3 },
  F1: { tieBreaks: GD, relegated: 2 },
  F2: { tieBreaks: GD, relegated: 2 },
  SC0: { tieBreaks: GD, relegated: 1 },
  B1: { tieBreaks: GD, relegated: 2 },
  T1: { tieBreaks: H2H, relegated: 3 },
  G1: { tieBreaks: H2H, relegated: 2 },
  P1: { tieBreaks: H2H, relegated: 2 },
};

/** The rules of a league by our id; the demo leagues carry theirs. */
export function seasonRulesOf(leagueId: string): SeasonRules {
  const demo = demoLeague(leagueId);
  const rules = demo?.season ?? RULES[leagueId] ?? { tieBreaks: GD, relegated: 3 };
  return { tieBreaks: rules.tieBreaks, relegated: rules.relegated, top: 4 };
}
