import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { keys } from './keys.ts';

/**
 * Checks the table answers (health endpoint); throws when it does not. A GetItem of a key that
 * is never written: the read-only role of the health function allows exactly that, and a missing
 * table, a wrong region or missing rights all fail it.
 */
export function makeTableProbe(doc: DynamoDBDocumentClient, tableName: string) {
  return {
    async check(): Promise<void> {
      await doc.send(new GetCommand({ TableName: tableName, Key: keys.healthProbe() }));
    },
  };
}
