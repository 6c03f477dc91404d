import { beforeAll } from 'vitest';
import { createTestTable } from '@app/adapters/dynamodb/testing/test-table';
import { paymentGatewayContract } from '@app/adapters/stripe/testing/payment-gateway.contract';
import { LocalPaymentGateway } from './local-payment-gateway.ts';

let table: Awaited<ReturnType<typeof createTestTable>>;
beforeAll(async () => {
  table = await createTestTable();
});

let customers = 0;
paymentGatewayContract('local test-mode provider', ({ webhookSecret, now }) => {
  const gateway = new LocalPaymentGateway(table.doc, table.tableName, { appOrigin: 'http://localhost:3000', webhookSecret, now });
  return {
    gateway,
    // The local checkout page's Pay button: the test Visa pays the first month.
    paidCustomer: async () => {
      const userId = `u_contract_${++customers}`;
      const customerId = await gateway.createCustomer({ id: userId, email: `${userId}@example.com` });
      const session = await gateway.createCheckoutSession({
        customerId,
        userId,
        successUrl: 'http://localhost:3000/subscription/success',
        cancelUrl: 'http://localhost:3000/pricing',
        idempotencyKey: userId,
      });
      await gateway.completeCheckout(session.id);
      const [subscription] = await gateway.listLiveSubscriptions(customerId);
      return { customerId, subscriptionId: subscription!.id };
    },
  };
});
