// Season simulations in memory, for core's unit tests, with the DynamoDB adapter's behaviour
// (season-repository.contract.ts runs both): the latest simulation replaced, one snapshot per day.
import type { SeasonRepository, SimulationSnapshot, StoredSimulation, TeamEntry } from '../seasons/ports.ts';

export class InMemorySeasonRepository implements SeasonRepository {
  private readonly latestByLeague = new Map<string, StoredSimulation>();
  private readonly days = new Map<string, SimulationSnapshot>();
  private readonly teams = new Map<string, TeamEntry>();

  async save(simulation: StoredSimulation, snapshot: SimulationSnapshot, teams: TeamEntry[]): Promise<void> {
    this.latestByLeague.set(simulation.leagueId, structuredClone(simulation));
    this.days.set(`${snapshot.leagueId}|${snapshot.season}|${snapshot.date}`, structuredClone(snapshot));
    for (const t of teams) this.teams.set(t.slug, { ...t });
  }

  async latest(leagueId: string): Promise<StoredSimulation | undefined> {
    return structuredClone(this.latestByLeague.get(leagueId));
  }

  async snapshots(leagueId: string, season: string): Promise<SimulationSnapshot[]> {
    return [...this.days.values()]
      .filter((d) => d.leagueId === leagueId && d.season === season)
      .sort((a, b) => a.date.localeCompare(b.date))
      .map((d) => structuredClone(d));
  }

  async team(slug: string): Promise<TeamEntry | undefined> {
    const t = this.teams.get(slug);
    return t ? { ...t } : undefined;
  }
}
