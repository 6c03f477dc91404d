import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { SeasonRepository, SimulationSnapshot, StoredSimulation, TeamEntry } from '@app/core/seasons/ports';
import { batchPut } from './batch.ts';
import { recordOf } from './items.ts';
import { keys } from './keys.ts';
import { queryAll } from './query.ts';

const SCHEMA_VERSION = 1;

/**
 * Season simulations (A25 in docs/architecture.md#dynamodb-access-patterns): the latest of a league and its daily
 * snapshots in one partition, the team index (A26) beside them. The results job is their only writer (its lock
 * keeps one run at a time), so plain puts suffice.
 */
export class DynamoSeasonRepository implements SeasonRepository {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async save(simulation: StoredSimulation, snapshot: SimulationSnapshot, teams: TeamEntry[]): Promise<void> {
    await batchPut(this.doc, this.tableName, [
      { ...keys.simulationLatest(simulation.leagueId), type: 'Simulation', schemaVersion: SCHEMA_VERSION, ...simulation },
      { ...keys.simulationDay(snapshot.leagueId, snapshot.season, snapshot.date), type: 'SimulationSnapshot', schemaVersion: SCHEMA_VERSION, ...snapshot },
      ...teams.map((t) => ({ ...keys.team(t.slug), type: 'Team', schemaVersion: SCHEMA_VERSION, ...t })),
    ]);
  }

  async latest(leagueId: string): Promise<StoredSimulation | undefined> {
    const out = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: keys.simulationLatest(leagueId) }));
    return out.Item ? recordOf<StoredSimulation>(out.Item) : undefined;
  }

  async snapshots(leagueId: string, season: string): Promise<SimulationSnapshot[]> {
    const items = await queryAll(this.doc, {
      TableName: this.tableName,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.simulationPartition(leagueId), ':prefix': keys.simulationDayPrefix(season) },
    });
    return items.map((item) => recordOf<SimulationSnapshot>(item));
  }

  async team(slug: string): Promise<TeamEntry | undefined> {
    const out = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: keys.team(slug) }));
    return out.Item ? recordOf<TeamEntry>(out.Item) : undefined;
  }
}
