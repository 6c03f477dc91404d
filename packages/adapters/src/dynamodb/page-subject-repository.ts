import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { PageSubject, PageSubjectRepository } from '@app/core/site/ports';
import { keys } from './keys.ts';

/** The item whose presence says the thing exists: the match's prediction, the team's index entry, the league's latest simulation. */
const KEY_OF: Record<PageSubject, (id: string) => { PK: string; SK: string }> = {
  match: keys.prediction,
  team: keys.team,
  league: keys.simulationLatest,
};

/**
 * The page function's question (A4, A25, A26 in docs/architecture.md#dynamodb-access-patterns): one
 * GetItem of the key alone (`ProjectionExpression: PK`), so a 5 KB prediction costs what a key costs
 * to send back (docs/decisions/0341-the-page-function-asks-one-question.md).
 */
export class DynamoPageSubjectRepository implements PageSubjectRepository {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async exists(kind: PageSubject, id: string): Promise<boolean> {
    const out = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: KEY_OF[kind](id), ProjectionExpression: 'PK' }));
    return out.Item !== undefined;
  }
}
