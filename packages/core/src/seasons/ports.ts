import type { Simulation } from '@app/contracts/seasons';
import type { SeasonRules } from '@app/model/season';
import type { StoredPrediction } from '../predictions/prediction.ts';

/** What a simulation was computed from: the same basis twice means nothing changed, and the run is skipped. */
export interface SimulationBasis {
  /** UTC day of the run (a daily snapshot is kept per day). */
  day: string;
  played: number;
  remaining: number;
  /** The model state's fit day. */
  fittedAt: string;
  /** The season's matches in the history (finished with their statistics); absent on simulations stored before it was kept. */
  recorded?: number;
}

export interface StoredSimulation extends Simulation {
  basis: SimulationBasis;
}

/** The day's chances of each club, kept for the league page's chart of how they moved through the season. */
export interface SimulationSnapshot {
  leagueId: string;
  season: string;
  date: string;
  teams: Array<{ slug: string; title: number; top4: number; relegation: number }>;
}

/** Which league a team page belongs to, written with each simulation. */
export interface TeamEntry {
  slug: string;
  team: string;
  leagueId: string;
  leagueName: string;
}

/** Where season simulations are kept: the latest per league, one snapshot per day, and the team index. */
export interface SeasonRepository {
  /** Replaces the league's latest simulation and the day's snapshot, and indexes its teams. */
  save(simulation: StoredSimulation, snapshot: SimulationSnapshot, teams: TeamEntry[]): Promise<void>;
  latest(leagueId: string): Promise<StoredSimulation | undefined>;
  /** The season's snapshots, oldest first. */
  snapshots(leagueId: string, season: string): Promise<SimulationSnapshot[]>;
  team(slug: string): Promise<TeamEntry | undefined>;
}

/** A league's predictions by kickoff (the team page's results and next fixtures). */
export interface LeaguePredictions {
  listByLeague(leagueId: string, from: Date, to: Date): Promise<StoredPrediction[]>;
}

/**
 * The season rules (tie-breaks, top and relegation places) of the leagues a data source defines
 * itself (the demo leagues); undefined for the others, whose rules come from the model's table.
 */
export type SeasonRulesOf = (leagueId: string) => SeasonRules | undefined;
