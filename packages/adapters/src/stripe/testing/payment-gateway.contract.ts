// What every PaymentGateway must do the same way: verify webhook deliveries (signed here by
// Stripe's own SDK, checked against the gateway's injected clock), treat ids the provider does
// not know as absent, and tell what a paid subscription costs, which card pays it and which
// invoices it raised. Run against the Stripe adapter (its unit tests, on the recorded-payload
// server) and the local test-mode provider (its integration tests, on DynamoDB Local).
import { describe, expect, it } from 'vitest';
import type { PaymentGateway } from '@app/core/billing/ports';
import { stripeSignedHeader } from './sdk-signature.ts';

export const CONTRACT_WEBHOOK_SECRET = 'whsec_contract_secret';

/** A gateway under contract, and a way to give it a customer who paid for Premium with the test card 4242 (Visa). */
export interface ContractGateway {
  gateway: PaymentGateway;
  paidCustomer(): Promise<{ customerId: string; subscriptionId: string }>;
}

/** `make` builds the gateway with the contract's webhook secret and clock (epoch ms). */
export function paymentGatewayContract(
  name: string,
  make: (options: { webhookSecret: string; now: () => number }) => ContractGateway | Promise<ContractGateway>,
): void {
  const NOW = Date.parse('2026-11-20T12:00:00Z');
  const seconds = NOW / 1000;
  const setup = async () => {
    let now = NOW;
    const made = await make({ webhookSecret: CONTRACT_WEBHOOK_SECRET, now: () => now });
    return { ...made, setNow: (ms: number) => void (now = ms) };
  };
  const payload = JSON.stringify({
    id: 'evt_contract_1',
    object: 'event',
    type: 'checkout.session.completed',
    api_version: '2026-10-28.endive',
    created: seconds - 5,
    livemode: false,
    data: { object: { id: 'cs_1', object: 'checkout.session', customer: 'cus_1', subscription: 'sub_1', client_reference_id: 'u1' } },
  });
  const signed = (timestamp = seconds, secret = CONTRACT_WEBHOOK_SECRET) => stripeSignedHeader(payload, secret, timestamp);

  describe(`PaymentGateway contract: ${name}`, () => {
    it('accepts a delivery signed by Stripe and reads the event from it', async () => {
      const { gateway } = await setup();
      expect(await gateway.parseWebhook(Buffer.from(payload), signed())).toEqual({
        id: 'evt_contract_1',
        type: 'checkout.session.completed',
        subscriptionId: 'sub_1',
        customerId: 'cus_1',
        clientReferenceId: 'u1',
        created: seconds - 5,
      });
    });

    it('refuses a tampered body, another secret, a missing or malformed header', async () => {
      const { gateway } = await setup();
      const refused = (body: string, header: string | undefined) => expect(gateway.parseWebhook(Buffer.from(body), header)).rejects;
      await refused(payload.replace('cus_1', 'cus_2'), signed()).toMatchObject({
        name: 'InvalidSignatureError',
        kind: 'validation',
        message: expect.stringMatching(/No signature .* matches/),
      });
      await refused(payload, signed(seconds, 'whsec_attacker')).toMatchObject({
        name: 'InvalidSignatureError',
        message: expect.stringMatching(/No signature .* matches/),
      });
      await refused(payload, undefined).toMatchObject({ name: 'InvalidSignatureError', message: 'Missing Stripe-Signature header' });
      const v1 = signed().split(',v1=')[1]!;
      for (const header of [`v1=${v1}`, `t=${seconds}`, `t=soon,v1=${v1}`, `t=${seconds},t=${seconds},v1=${v1}`, 'garbage']) {
        await refused(payload, header).toMatchObject({ name: 'InvalidSignatureError', message: expect.stringMatching(/^Malformed Stripe-Signature header/) });
      }
    });

    it('accepts any matching v1 of several (a secret being rolled), and only a matching one', async () => {
      const { gateway } = await setup();
      const other = signed(seconds, 'whsec_old_secret').split(',v1=')[1]!;
      await expect(gateway.parseWebhook(Buffer.from(payload), `${signed()},v1=${other}`)).resolves.toMatchObject({ id: 'evt_contract_1' });
      await expect(gateway.parseWebhook(Buffer.from(payload), `t=${seconds},v1=${other},v1=${signed().split(',v1=')[1]}`)).resolves.toMatchObject({
        id: 'evt_contract_1',
      });
      await expect(gateway.parseWebhook(Buffer.from(payload), `t=${seconds},v1=${other},v1=abc`)).rejects.toMatchObject({ name: 'InvalidSignatureError' });
    });

    it('accepts a delivery signed up to 300 s from its clock, and refuses a replay after that', async () => {
      const { gateway, setNow } = await setup();
      const header = signed();
      setNow(NOW + 300_000);
      await expect(gateway.parseWebhook(Buffer.from(payload), header)).resolves.toMatchObject({ id: 'evt_contract_1' });
      setNow(NOW + 301_000);
      await expect(gateway.parseWebhook(Buffer.from(payload), header)).rejects.toMatchObject({
        name: 'InvalidSignatureError',
        message: expect.stringMatching(/301 s from now, outside the 300 s tolerance/),
      });
      // Signed "in the future" by more than the tolerance: refused too.
      setNow(NOW - 301_000);
      await expect(gateway.parseWebhook(Buffer.from(payload), header)).rejects.toMatchObject({ name: 'InvalidSignatureError' });
    });

    it('refuses a correctly signed body that is not a Stripe event with a validation error', async () => {
      const { gateway } = await setup();
      const notJson = 'not json';
      await expect(gateway.parseWebhook(Buffer.from(notJson), stripeSignedHeader(notJson, CONTRACT_WEBHOOK_SECRET, seconds))).rejects.toMatchObject({
        name: 'ValidationError',
        message: 'The webhook body is not JSON',
      });
      const noType = JSON.stringify({ id: 'evt_x', created: 1, data: { object: {} } });
      await expect(gateway.parseWebhook(Buffer.from(noType), stripeSignedHeader(noType, CONTRACT_WEBHOOK_SECRET, seconds))).rejects.toMatchObject({
        name: 'ValidationError',
        message: expect.stringMatching(/not a Stripe event: type/),
      });
    });

    it('answers null for a subscription or Checkout session it does not know; cancelling or expiring one is a no-op', async () => {
      const { gateway } = await setup();
      expect(await gateway.retrieveSubscription('sub_missing')).toBeNull();
      expect(await gateway.retrieveCheckoutSession('cs_missing')).toBeNull();
      await expect(gateway.cancelNow('sub_missing')).resolves.toBeUndefined();
      await expect(gateway.expireCheckoutSession('cs_missing')).resolves.toBeUndefined();
    });

    it('tells what a paid subscription costs, the card that pays it and its invoice with a link', async () => {
      const { gateway, paidCustomer } = await setup();
      const { customerId, subscriptionId } = await paidCustomer();
      const subscription = await gateway.retrieveSubscription(subscriptionId);
      expect(subscription).toMatchObject({
        id: subscriptionId,
        customerId,
        status: 'active',
        cancelAtPeriodEnd: false,
        price: { amountCents: 2900, currency: 'usd', interval: 'month' },
      });
      const details = await gateway.paymentDetails(customerId, 6);
      expect(details.card).toMatchObject({ brand: 'visa', last4: '4242' });
      expect(details.invoices).toHaveLength(1);
      expect(details.invoices[0]).toMatchObject({ amountCents: 2900, currency: 'usd', status: 'paid', url: expect.stringMatching(/^https?:\/\//) });
    });

    it('cancels at the period end and resumes: the subscription renews again', async () => {
      const { gateway, paidCustomer } = await setup();
      const { subscriptionId } = await paidCustomer();
      const cancelled = await gateway.cancelAtPeriodEnd(subscriptionId);
      expect(cancelled).toMatchObject({ cancelAtPeriodEnd: true, cancelAt: cancelled.currentPeriodEnd });
      expect(await gateway.resumeSubscription(subscriptionId)).toMatchObject({
        cancelAtPeriodEnd: false,
        cancelAt: null,
        currentPeriodEnd: cancelled.currentPeriodEnd,
      });
      // A second cancel after the resume cancels again (no answer replayed from the first).
      expect(await gateway.cancelAtPeriodEnd(subscriptionId)).toMatchObject({ cancelAtPeriodEnd: true });
    });

    it("M3: ends every open Checkout session of a customer, and only that customer's; a paid one stays paid", async () => {
      const { gateway, paidCustomer } = await setup();
      const checkout = (customerId: string, userId: string, n: number) =>
        gateway.createCheckoutSession({
          customerId,
          userId,
          successUrl: 'http://localhost:3000/subscription/success',
          cancelUrl: 'http://localhost:3000/pricing',
          idempotencyKey: `${userId}:${n}`,
        });
      const excluded = await gateway.createCustomer({ id: 'u_excluded', email: 'excluded@example.com' });
      const other = await gateway.createCustomer({ id: 'u_other', email: 'other@example.com' });
      const [first, second, theirs] = [
        await checkout(excluded, 'u_excluded', 1),
        await checkout(excluded, 'u_excluded', 2),
        await checkout(other, 'u_other', 1),
      ];
      const { customerId: payer } = await paidCustomer();
      await gateway.expirePaymentSessions(excluded);
      await gateway.expirePaymentSessions(payer);
      await gateway.expirePaymentSessions('cus_missing');
      expect((await gateway.retrieveCheckoutSession(first.id))?.status).toBe('expired');
      expect((await gateway.retrieveCheckoutSession(second.id))?.status).toBe('expired');
      expect((await gateway.retrieveCheckoutSession(theirs.id))?.status).toBe('open');
      expect((await gateway.listLiveSubscriptions(payer)).map((s) => s.status)).toEqual(['active']);
    });

    it('has no card and no invoices for a customer it does not know', async () => {
      const { gateway } = await setup();
      expect(await gateway.paymentDetails('cus_missing', 6)).toEqual({ card: null, invoices: [] });
    });

    it('lists every live subscription page by page, each page starting after the cursor of the one before', async () => {
      const { gateway, paidCustomer } = await setup();
      const paid = [];
      for (let i = 0; i < 5; i++) paid.push((await paidCustomer()).subscriptionId);
      const seen: string[] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const page = await gateway.listLiveSubscriptionsPage({ ...(cursor ? { cursor } : {}), limit: 2 });
        expect(page.subscriptions.length).toBeLessThanOrEqual(2);
        seen.push(...page.subscriptions.map((s) => s.id));
        cursor = page.cursor;
        pages += 1;
      } while (cursor && pages < 1_000);
      expect(pages).toBeGreaterThanOrEqual(3);
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen).toEqual(expect.arrayContaining(paid));
    });
  });
}
