import { GetCommand, PutCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { EmailSuppression, EmailSuppressionRepository, UndeliveredEmail, UndeliveredEmailRepository } from '@app/core/email/ports';
import { conditionalWrite } from './conditions.ts';
import { keys } from './keys.ts';

/** Undelivered email requests (A21), one partition: there are few, and an operator replays them all at once. */
export class DynamoUndeliveredEmailRepository implements UndeliveredEmailRepository {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async record(email: UndeliveredEmail): Promise<void> {
    // A dead letter delivered twice is recorded once: the second write's condition fails.
    await conditionalWrite(
      this.doc.send(
        new PutCommand({
          TableName: this.tableName,
          Item: { ...keys.undeliveredEmail(email.id), type: 'UndeliveredEmail', schemaVersion: 1, ...email },
          ConditionExpression: 'attribute_not_exists(PK)',
        }),
      ),
    );
  }

  async list(limit: number): Promise<UndeliveredEmail[]> {
    const out = await this.doc.send(
      new QueryCommand({
        TableName: this.tableName,
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': keys.undeliveredEmailPartition },
        ConsistentRead: true,
        Limit: limit,
      }),
    );
    return (out.Items ?? [])
      .map((i) => {
        const { id, body, reason, deadLetteredAt, redrivenAt } = i as UndeliveredEmail;
        return { id, body, reason, deadLetteredAt, ...(redrivenAt ? { redrivenAt } : {}) };
      })
      .sort((a, b) => b.deadLetteredAt.localeCompare(a.deadLetteredAt));
  }

  async markRedriven(id: string, at: string): Promise<void> {
    await this.doc.send(
      new UpdateCommand({
        TableName: this.tableName,
        Key: keys.undeliveredEmail(id),
        UpdateExpression: 'SET redrivenAt = :at',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':at': at },
      }),
    );
  }
}

/** Suppressed addresses (A22): a point read before every send, a GSI1 list for the admin page. */
export class DynamoEmailSuppressionRepository implements EmailSuppressionRepository {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async suppress(s: EmailSuppression): Promise<void> {
    const email = s.email.toLowerCase();
    await this.doc.send(
      new PutCommand({
        TableName: this.tableName,
        Item: {
          ...keys.emailSuppression(email),
          ...keys.emailSuppressionIndex(s.suppressedAt, email),
          type: 'EmailSuppression',
          schemaVersion: 1,
          ...s,
          email,
        },
      }),
    );
  }

  async isSuppressed(email: string): Promise<boolean> {
    const out = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: keys.emailSuppression(email.toLowerCase()), ProjectionExpression: 'PK' }));
    return out.Item !== undefined;
  }

  async list(limit: number): Promise<EmailSuppression[]> {
    const out = await this.doc.send(
      new QueryCommand({
        TableName: this.tableName,
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :pk',
        ExpressionAttributeValues: { ':pk': keys.emailSuppressionsPartition },
        ScanIndexForward: false,
        Limit: limit,
      }),
    );
    return (out.Items ?? []).map((i) => {
      const { email, reason, detail, suppressedAt } = i as EmailSuppression;
      return { email, reason, detail, suppressedAt };
    });
  }
}
