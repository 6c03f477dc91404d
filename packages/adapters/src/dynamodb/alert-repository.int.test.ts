import { beforeAll } from 'vitest';
import { alertRepositoryContract } from '@app/core/testing/alert-repository.contract';
import { DynamoAlertRepository } from './alert-repository.ts';
import { createTestTable } from './testing/test-table.ts';
import { DynamoUserRepository } from './user-repository.ts';

let table: Awaited<ReturnType<typeof createTestTable>>;
beforeAll(async () => {
  table = await createTestTable();
});

alertRepositoryContract('DynamoDB', () => ({
  store: new DynamoAlertRepository(table.doc, table.tableName),
  users: new DynamoUserRepository(table.doc, table.tableName),
}));
