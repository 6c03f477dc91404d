import { beforeAll } from 'vitest';
import { createTestTable } from '../dynamodb/testing/test-table.ts';
import { paymentGatewayContract } from '../stripe/testing/payment-gateway.contract.ts';
import { LocalPaymentGateway } from './local-payment-gateway.ts';

let table: Awaited<ReturnType<typeof createTestTable>>;
beforeAll(async () => {
  table = await createTestTable();
});

paymentGatewayContract('local test-mode provider', ({ webhookSecret, now }) => new LocalPaymentGateway(table.doc, table.tableName, { appOrigin: 'http://localhost:3000', webhookSecret, now }));
