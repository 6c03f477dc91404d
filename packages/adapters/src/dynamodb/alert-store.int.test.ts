import { beforeAll } from 'vitest';
import { alertStoreContract } from '@app/core/testing/alert-store.contract';
import { DynamoAlertStore } from './alert-store.ts';
import { createTestTable } from './testing/test-table.ts';

let table: Awaited<ReturnType<typeof createTestTable>>;
beforeAll(async () => {
  table = await createTestTable();
});

alertStoreContract('DynamoDB', () => new DynamoAlertStore(table.doc, table.tableName));
