import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { createDocumentClient } from '../client.ts';
import { ensureTable } from '../table-admin.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    dynamodbEndpoint: string;
  }
}

/** A fresh table, built from the real table definition, in the run's DynamoDB Local. */
export async function createTestTable() {
  const endpoint = inject('dynamodbEndpoint');
  // Only the integration layer starts DynamoDB Local (scripts/test-layers.mjs).
  if (!endpoint) throw new Error('No DynamoDB Local in this test run: a test file that needs it is named *.int.test.ts');
  const tableName = `test-${randomUUID()}`;
  const doc = createDocumentClient({ region: 'eu-west-2', endpoint });
  await ensureTable(doc, tableName);
  return { doc, tableName, endpoint };
}
