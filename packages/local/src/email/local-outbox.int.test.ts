// The local outbox under the email contract that Amazon SES's adapter passes too
// (@app/adapters/email/testing/email-sender.contract.ts), against DynamoDB Local.
import { createTestTable } from '@app/adapters/dynamodb/testing/test-table';
import { emailSenderContract } from '@app/adapters/email/testing/email-sender.contract';
import { LocalOutbox } from './local-outbox.ts';

emailSenderContract('local outbox', async () => {
  const table = await createTestTable();
  let t = Date.parse('2026-11-23T10:00:00Z');
  const box = new LocalOutbox(table.doc, table.tableName, () => new Date((t += 1000)));
  return { sender: box, received: () => box.list() };
});
