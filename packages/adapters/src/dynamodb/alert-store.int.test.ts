import { beforeAll } from 'vitest';
import { alertStoreContract } from '@app/core/testing/alert-store.contract';
import { DynamoAlertStore } from './alert-store.ts';
import { createTestTable } from './testing/test-table.ts';
import { DynamoUserRepository } from './user-repository.ts';

let table: Awaited<ReturnType<typeof createTestTable>>;
beforeAll(async () => {
  table = await createTestTable();
});

alertStoreContract('DynamoDB', () => ({
  store: new DynamoAlertStore(table.doc, table.tableName),
  users: new DynamoUserRepository(table.doc, table.tableName),
}));
