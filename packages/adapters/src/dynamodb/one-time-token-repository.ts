import { DeleteCommand, GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { OneTimeTokenRepository, StoredToken, TokenPurpose } from '@app/core/auth/one-time-tokens';
import { conditionalWrite } from './conditions.ts';
import { keys } from './keys.ts';

/**
 * Single-use tokens in the user's collection (one per purpose), so deleting the account deletes
 * them. Consumption is a conditional delete: of two concurrent uses, exactly one succeeds.
 */
export class DynamoOneTimeTokenRepository implements OneTimeTokenRepository {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async put(token: StoredToken): Promise<void> {
    await this.doc.send(
      new PutCommand({
        TableName: this.tableName,
        Item: {
          ...keys.userToken(token.userId, token.purpose),
          type: 'OneTimeToken',
          schemaVersion: 1,
          secretHash: token.secretHash,
          expiresAtMs: token.expiresAt,
          expiresAt: Math.ceil(token.expiresAt / 1000),
        },
      }),
    );
  }

  async consume(userId: string, purpose: TokenPurpose, secretHash: string, now: number): Promise<boolean> {
    return conditionalWrite(
      this.doc.send(
        new DeleteCommand({
          TableName: this.tableName,
          Key: keys.userToken(userId, purpose),
          ConditionExpression: 'secretHash = :h AND expiresAtMs > :now',
          ExpressionAttributeValues: { ':h': secretHash, ':now': now },
        }),
      ),
    );
  }

  async isLive(userId: string, purpose: TokenPurpose, secretHash: string, now: number): Promise<boolean> {
    const out = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: keys.userToken(userId, purpose), ConsistentRead: true }));
    return out.Item?.secretHash === secretHash && Number(out.Item?.expiresAtMs) > now;
  }
}
