import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

export interface DynamoClientOptions {
  region: string;
  /** DynamoDB Local's URL; unset on AWS. */
  endpoint?: string;
}

/** A document client; against DynamoDB Local it signs with fixed dummy credentials. */
export function createDocumentClient({ region, endpoint }: DynamoClientOptions): DynamoDBDocumentClient {
  const client = new DynamoDBClient({
    region,
    ...(endpoint ? { endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' }, maxAttempts: 3 } : {}),
  });
  return DynamoDBDocumentClient.from(client, {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
  });
}
