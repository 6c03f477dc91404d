import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { utcDaysBetween } from '@app/core/clock';
import type { FixtureRepository, StoredFixture } from '@app/core/pipeline/ports';
import type { ClosingOdds } from '@app/core/pipeline/providers';
import { batchPut } from './batch.ts';
import { keys } from './keys.ts';
import { recordOf } from './items.ts';
import { queryAll } from './query.ts';

/** Fixtures in their own item collection (with the prediction, its ledger entries and the closing snapshot), by day in GSI1. */
export class DynamoFixtureRepository implements FixtureRepository {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async saveAll(fixtures: StoredFixture[]): Promise<void> {
    await batchPut(
      this.doc,
      this.tableName,
      fixtures.map((f) => ({ ...keys.fixture(f.id), ...keys.fixtureDay(f.kickoff, f.id), type: 'Fixture', schemaVersion: 1, ...f })),
    );
  }

  async get(fixtureId: string): Promise<StoredFixture | undefined> {
    const out = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: keys.fixture(fixtureId) }));
    if (!out.Item) return undefined;
    return recordOf<StoredFixture>(out.Item);
  }

  /** One Query of GSI1 per UTC match day (the whole day: a fixture's kickoff is kept as its provider wrote it), filtered to [from, to]. */
  async listByKickoff(from: Date, to: Date): Promise<StoredFixture[]> {
    const perDay = await Promise.all(
      utcDaysBetween(from, to).map((day) =>
        queryAll(this.doc, {
          TableName: this.tableName,
          IndexName: 'GSI1',
          KeyConditionExpression: 'GSI1PK = :pk',
          ExpressionAttributeValues: { ':pk': keys.fixtureDayPartition(day) },
        }),
      ),
    );
    return perDay
      .flat()
      .map((item) => recordOf<StoredFixture>(item))
      .filter((f) => Date.parse(f.kickoff) >= from.getTime() && Date.parse(f.kickoff) <= to.getTime());
  }

  async saveClosingSnapshot(fixtureId: string, snapshot: ClosingOdds): Promise<void> {
    await this.doc.send(
      new PutCommand({ TableName: this.tableName, Item: { ...keys.fixtureClosing(fixtureId), type: 'ClosingSnapshot', schemaVersion: 1, ...snapshot } }),
    );
  }

  async closingSnapshot(fixtureId: string): Promise<ClosingOdds | undefined> {
    const out = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: keys.fixtureClosing(fixtureId) }));
    return out.Item ? recordOf<ClosingOdds>(out.Item) : undefined;
  }
}
