import { GetCommand, PutCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { isConditionalCheckFailed } from '@app/adapters/dynamodb/conditions';
import { failedConditions, transactWrite } from '@app/adapters/dynamodb/transactions';
import { ulid } from 'ulid';
import type { CardSummary, InvoiceSummary } from '@app/contracts/billing';
import type {
  BillingEvent,
  CheckoutSessionInput,
  CheckoutSessionSnapshot,
  PaymentDetails,
  PaymentGateway,
  SubscriptionSnapshot,
} from '@app/core/billing/ports';
import { ConflictError, NotFoundError } from '@app/core/errors';
import { keys } from '@app/adapters/dynamodb/keys';
import { parseSignedEvent, signatureHeader } from '@app/adapters/stripe/webhook-signature';

const MONTH_SECONDS = 30 * 24 * 60 * 60;

interface LocalSubscription {
  id: string;
  customerId: string;
  userId: string;
  status: 'active' | 'canceled';
  cancelAtPeriodEnd: boolean;
  periodStart: number;
  periodEnd: number;
  /** Provider clock, seconds: when the first period began (records from before it: `periodStart`). */
  startedAt?: number;
}

interface LocalCustomer {
  id: string;
  userId: string;
  email: string;
  /** The test card on file. */
  cardLast4?: string;
  cardBrand?: string;
  /**
   * Moves on each time the customer's payment sessions are ended (a break, a self-exclusion): a
   * Checkout or portal session made under an earlier generation is over (absent: 0).
   */
  sessionGeneration?: number;
}

interface LocalPortalSession {
  id: string;
  customerId: string;
  returnUrl: string;
  /** The customer's `sessionGeneration` when it was made. */
  generation?: number;
}

/** What the local customer portal shows. */
export interface LocalPortalView {
  session: LocalPortalSession;
  email: string;
  card: CardSummary;
  subscriptions: Array<{ id: string; status: 'active' | 'canceled'; cancelAtPeriodEnd: boolean; periodEnd: number }>;
  /** One paid invoice per started period, newest first. */
  invoices: InvoiceSummary[];
}

export type LocalPortalAction = { type: 'cancel' | 'resume'; subscriptionId: string } | { type: 'card'; last4: string; brand: string };

type LocalKind = 'CUSTOMER' | 'CHECKOUT' | 'SUBSCRIPTION' | 'PORTAL';
const PRICE = { amountCents: 2900, currency: 'usd', interval: 'month' } as const;
/** Stripe's test Visa, which the checkout page stands for. */
const DEFAULT_CARD = { brand: 'visa', last4: '4242' };

/** The brand of a test card number, by its first digits as card networks assign them. */
export function cardBrandOf(number: string): string {
  if (/^4/.test(number)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  return 'unknown';
}

interface LocalCheckout {
  id: string;
  customerId: string;
  userId: string;
  successUrl: string;
  cancelUrl: string;
  status: 'open' | 'complete' | 'expired';
  subscriptionId: string | null;
  /** The customer's `sessionGeneration` when it was made. */
  generation?: number;
}

/** What a Pay on a checkout that is over says (the product's pricing page can start a new one). */
export const CHECKOUT_ENDED_MESSAGE = 'This checkout session has expired and can no longer be paid: nothing was charged. Start again from Pricing.';
const PORTAL_ENDED_MESSAGE = 'This billing portal session has ended. Open the billing portal again from your account.';

/** A webhook the local provider wants delivered: the exact body and its Stripe-style signature. */
export interface SignedWebhook {
  body: string;
  signature: string;
}

/**
 * Stripe's test mode, on this machine, for when no Stripe keys are configured (local stack
 * only). It keeps customers, Checkout sessions and subscriptions in the table, signs and
 * verifies its webhooks with Stripe's scheme (the same code as the Stripe adapter), and has a
 * clock that can be moved forward so a cancelled subscription's period end can pass. Everything downstream (the
 * webhook route, the subscription sync, entitlement) is the same code as with Stripe.
 */
export class LocalPaymentGateway implements PaymentGateway {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
    private readonly options: { appOrigin: string; webhookSecret: string; now?: () => number },
  ) {}

  async createCustomer(user: { id: string; email: string }): Promise<string> {
    const id = `cus_local_${user.id}`;
    await this.put('CUSTOMER', id, { id, userId: user.id, email: user.email });
    return id;
  }

  async createCheckoutSession(input: CheckoutSessionInput): Promise<{ id: string; url: string }> {
    const id = `cs_local_${ulid()}`;
    const generation = await this.generationOf(input.customerId);
    const checkout: LocalCheckout = {
      id,
      customerId: input.customerId,
      userId: input.userId,
      successUrl: input.successUrl,
      cancelUrl: input.cancelUrl,
      status: 'open',
      subscriptionId: null,
      generation,
    };
    await this.put('CHECKOUT', id, checkout);
    return { id, url: `${this.options.appOrigin}/__local/checkout/${id}` };
  }

  async retrieveCheckoutSession(sessionId: string): Promise<CheckoutSessionSnapshot | null> {
    const c = await this.checkout(sessionId);
    return c ? { id: c.id, customerId: c.customerId, clientReferenceId: c.userId, subscriptionId: c.subscriptionId, status: c.status } : null;
  }

  async expireCheckoutSession(sessionId: string): Promise<void> {
    const c = await this.get<LocalCheckout>('CHECKOUT', sessionId);
    if (c?.status === 'open') await this.put('CHECKOUT', c.id, { ...c, status: 'expired' });
  }

  async expirePaymentSessions(customerId: string): Promise<void> {
    // One write ends them all: every Checkout and portal session made before it is over.
    await this.doc
      .send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: keys.localBilling('CUSTOMER', customerId),
          UpdateExpression: 'SET #data.sessionGeneration = if_not_exists(#data.sessionGeneration, :zero) + :one',
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeNames: { '#data': 'data' },
          ExpressionAttributeValues: { ':zero': 0, ':one': 1 },
        }),
      )
      .catch((error: unknown) => {
        // A customer we do not know has no sessions.
        if (!isConditionalCheckFailed(error)) throw error;
      });
  }

  async listLiveSubscriptions(customerId: string): Promise<SubscriptionSnapshot[]> {
    const now = await this.nowSeconds();
    const live: SubscriptionSnapshot[] = [];
    for (const s of await this.listSubscriptions()) {
      const { subscription } = this.advance(s, now);
      if (subscription.status !== 'canceled' && subscription.customerId === customerId) live.push(snapshot(subscription));
    }
    return live;
  }

  /** Like Stripe's list: in subscription id order, `limit` per page, the last id read as the cursor. */
  async listLiveSubscriptionsPage(page: { cursor?: string; limit: number }): Promise<{ subscriptions: SubscriptionSnapshot[]; cursor?: string }> {
    const now = await this.nowSeconds();
    const out = await this.doc.send(
      new QueryCommand({
        TableName: this.tableName,
        IndexName: 'GSI1',
        Limit: page.limit,
        KeyConditionExpression: page.cursor ? 'GSI1PK = :pk AND GSI1SK > :after' : 'GSI1PK = :pk',
        ExpressionAttributeValues: { ':pk': keys.localBillingSubscriptionsPartition, ...(page.cursor ? { ':after': page.cursor } : {}) },
      }),
    );
    const read = (out.Items ?? []).map((i) => i.data as LocalSubscription);
    const live = read
      .map((s) => this.advance(s, now).subscription)
      .filter((s) => s.status !== 'canceled')
      .map(snapshot);
    const last = read.at(-1);
    return { subscriptions: live, ...(out.LastEvaluatedKey && last ? { cursor: last.id } : {}) };
  }

  async retrieveSubscription(subscriptionId: string): Promise<SubscriptionSnapshot | null> {
    const s = await this.get<LocalSubscription>('SUBSCRIPTION', subscriptionId);
    if (!s) return null;
    const { subscription } = this.advance(s, await this.nowSeconds());
    if (subscription !== s) await this.put('SUBSCRIPTION', s.id, subscription);
    return snapshot(subscription);
  }

  async cancelAtPeriodEnd(subscriptionId: string): Promise<SubscriptionSnapshot> {
    const s = await this.get<LocalSubscription>('SUBSCRIPTION', subscriptionId);
    if (!s) throw new NotFoundError(`No subscription ${subscriptionId}`);
    const next = { ...s, cancelAtPeriodEnd: true };
    await this.put('SUBSCRIPTION', s.id, next);
    return snapshot(next);
  }

  async resumeSubscription(subscriptionId: string): Promise<SubscriptionSnapshot> {
    const s = await this.get<LocalSubscription>('SUBSCRIPTION', subscriptionId);
    if (!s) throw new NotFoundError(`No subscription ${subscriptionId}`);
    if (s.status === 'canceled') throw new ConflictError('This subscription has ended');
    const next = { ...s, cancelAtPeriodEnd: false };
    await this.put('SUBSCRIPTION', s.id, next);
    return snapshot(next);
  }

  async paymentDetails(customerId: string, limit: number): Promise<PaymentDetails> {
    const customer = await this.get<LocalCustomer>('CUSTOMER', customerId);
    if (!customer) return { card: null, invoices: [] };
    const now = await this.nowSeconds();
    return { card: cardOf(customer), invoices: this.invoicesOf(customerId, await this.customerSubscriptions(customerId, now), now).slice(0, limit) };
  }

  async cancelNow(subscriptionId: string): Promise<void> {
    const s = await this.get<LocalSubscription>('SUBSCRIPTION', subscriptionId);
    if (s) await this.put('SUBSCRIPTION', s.id, { ...s, status: 'canceled' });
  }

  async createPortalSession(input: { customerId: string; returnUrl: string }): Promise<{ url: string }> {
    const id = `bps_local_${ulid()}`;
    await this.put('PORTAL', id, {
      id,
      customerId: input.customerId,
      returnUrl: input.returnUrl,
      generation: await this.generationOf(input.customerId),
    } satisfies LocalPortalSession);
    return { url: `${this.options.appOrigin}/__local/portal/${id}` };
  }

  async parseWebhook(rawBody: Buffer, signature: string | undefined): Promise<BillingEvent> {
    return parseSignedEvent(rawBody, signature, this.options.webhookSecret, this.wallSeconds());
  }

  // ---- the parts of Stripe's own UI and clock, local only ----

  async checkoutPage(sessionId: string): Promise<LocalCheckout | undefined> {
    return this.checkout(sessionId);
  }

  /**
   * The "Pay" button: starts a one-month subscription and returns the webhooks Stripe would send.
   * Only an `open` checkout of the customer's current generation is paid, by one conditional
   * write that moves it to `complete` together with the new subscription, so concurrent Pays make
   * one subscription (L3); an expired or ended one is a `ConflictError` with `CHECKOUT_ENDED_MESSAGE`.
   */
  async completeCheckout(sessionId: string): Promise<{ redirectUrl: string; webhooks: SignedWebhook[] }> {
    const c = await this.checkout(sessionId);
    if (!c) throw new NotFoundError('Checkout session not found');
    const redirectUrl = c.successUrl.replace('{CHECKOUT_SESSION_ID}', c.id);
    if (c.status === 'complete') return { redirectUrl, webhooks: [] };
    if (c.status === 'expired') throw new ConflictError(CHECKOUT_ENDED_MESSAGE);
    const now = await this.nowSeconds();
    const subscription: LocalSubscription = {
      id: `sub_local_${ulid()}`,
      customerId: c.customerId,
      userId: c.userId,
      status: 'active',
      cancelAtPeriodEnd: false,
      periodStart: now,
      periodEnd: now + MONTH_SECONDS,
      startedAt: now,
    };
    const pay = () =>
      transactWrite(this.doc, this.tableName, [
        {
          Update: {
            Key: keys.localBilling('CHECKOUT', c.id),
            UpdateExpression: 'SET #data.#status = :complete, #data.subscriptionId = :sub',
            ConditionExpression: '#data.#status = :open',
            ExpressionAttributeNames: { '#data': 'data', '#status': 'status' },
            ExpressionAttributeValues: { ':complete': 'complete', ':open': 'open', ':sub': subscription.id },
          },
        },
        {
          // The customer's sessions were not ended meanwhile (the generation the checkout was made under).
          ConditionCheck: {
            Key: keys.localBilling('CUSTOMER', c.customerId),
            ConditionExpression:
              (c.generation ?? 0) === 0 ? 'attribute_not_exists(#data.sessionGeneration) OR #data.sessionGeneration = :g' : '#data.sessionGeneration = :g',
            ExpressionAttributeNames: { '#data': 'data' },
            ExpressionAttributeValues: { ':g': c.generation ?? 0 },
          },
        },
        { Put: { Item: this.item('SUBSCRIPTION', subscription.id, subscription) } },
      ]);
    for (let attempt = 0; ; attempt++) {
      try {
        await pay();
        break;
      } catch (error) {
        // Cancelled: a condition failed, or a concurrent Pay's transaction held the items.
        if (failedConditions(error) === undefined) throw error;
        const current = await this.checkout(c.id);
        // Another Pay won: the same redirect, nothing more.
        if (current?.status === 'complete') return { redirectUrl, webhooks: [] };
        if (current?.status !== 'open' || attempt >= 4) throw new ConflictError(CHECKOUT_ENDED_MESSAGE, { cause: error });
        await new Promise((r) => setTimeout(r, 20 * (attempt + 1)));
      }
    }
    return {
      redirectUrl,
      webhooks: [
        this.event('checkout.session.completed', { id: c.id, customer: c.customerId, subscription: subscription.id, client_reference_id: c.userId }),
        this.event('customer.subscription.created', { id: subscription.id, customer: c.customerId }),
      ],
    };
  }

  /** The customer portal page: card, subscriptions and invoices of the session's customer. */
  async portalPage(sessionId: string): Promise<LocalPortalView | undefined> {
    const session = await this.get<LocalPortalSession>('PORTAL', sessionId);
    if (!session) return undefined;
    if (await this.portalEnded(session)) throw new ConflictError(PORTAL_ENDED_MESSAGE);
    const customer = await this.get<LocalCustomer>('CUSTOMER', session.customerId);
    const now = await this.nowSeconds();
    const subscriptions = await this.customerSubscriptions(session.customerId, now);
    return {
      session,
      email: customer?.email ?? '',
      card: cardOf(customer),
      subscriptions: subscriptions.map(({ id, status, cancelAtPeriodEnd, periodEnd }) => ({ id, status, cancelAtPeriodEnd, periodEnd })),
      invoices: this.invoicesOf(session.customerId, subscriptions, now),
    };
  }

  /** One invoice of a customer, for its local page (what Stripe's hosted invoice page shows). */
  async invoice(customerId: string, invoiceId: string): Promise<{ invoice: InvoiceSummary; email: string } | undefined> {
    const customer = await this.get<LocalCustomer>('CUSTOMER', customerId);
    if (!customer) return undefined;
    const now = await this.nowSeconds();
    const invoice = this.invoicesOf(customerId, await this.customerSubscriptions(customerId, now), now).find((i) => i.id === invoiceId);
    return invoice && { invoice, email: customer.email };
  }

  /** A change made in the portal; returns the webhooks Stripe would send for it. */
  async portalAction(sessionId: string, action: LocalPortalAction): Promise<SignedWebhook[]> {
    const session = await this.get<LocalPortalSession>('PORTAL', sessionId);
    if (!session) throw new NotFoundError('Portal session not found');
    if (await this.portalEnded(session)) throw new ConflictError(PORTAL_ENDED_MESSAGE);
    if (action.type === 'card') {
      const customer = await this.get<LocalCustomer>('CUSTOMER', session.customerId);
      if (!customer) throw new NotFoundError('Customer not found');
      await this.put('CUSTOMER', customer.id, { ...customer, cardLast4: action.last4, cardBrand: action.brand });
      // Stripe reports a new default card as customer.updated, which the product does not need.
      return [this.event('customer.updated', { id: customer.id, customer: customer.id })];
    }
    const s = await this.get<LocalSubscription>('SUBSCRIPTION', action.subscriptionId);
    if (!s || s.customerId !== session.customerId) throw new NotFoundError('No such subscription for this customer');
    if (s.status === 'canceled') throw new ConflictError('This subscription has ended');
    await this.put('SUBSCRIPTION', s.id, { ...s, cancelAtPeriodEnd: action.type === 'cancel' });
    return [this.event('customer.subscription.updated', { id: s.id, customer: s.customerId })];
  }

  /** Moves the provider's clock forward; returns the webhooks for what happened meanwhile. */
  async advanceClock(seconds: number): Promise<{ offsetSeconds: number; webhooks: SignedWebhook[] }> {
    const clock = await this.doc.send(
      new UpdateCommand({
        TableName: this.tableName,
        Key: keys.localBillingClock(),
        UpdateExpression: 'ADD offsetSeconds :s SET #type = :t',
        ExpressionAttributeNames: { '#type': 'type' },
        ExpressionAttributeValues: { ':s': seconds, ':t': 'LocalBillingClock' },
        ReturnValues: 'ALL_NEW',
      }),
    );
    const offsetSeconds = Number(clock.Attributes?.offsetSeconds ?? 0);
    const now = this.wallSeconds() + offsetSeconds;
    const webhooks: SignedWebhook[] = [];
    for (const s of await this.listSubscriptions()) {
      const { subscription, renewed } = this.advance(s, now);
      if (subscription === s) continue;
      await this.put('SUBSCRIPTION', s.id, subscription);
      if (subscription.status === 'canceled') webhooks.push(this.event('customer.subscription.deleted', { id: s.id, customer: s.customerId }));
      else if (renewed) webhooks.push(this.event('invoice.paid', { id: `in_local_${ulid()}`, customer: s.customerId, subscription: s.id }));
    }
    return { offsetSeconds, webhooks };
  }

  /** A webhook as Stripe would deliver it now: the event, signed (webhooks carry real time, not the moved billing clock). */
  private event(type: string, object: Record<string, string>): SignedWebhook {
    const now = this.wallSeconds();
    const body = JSON.stringify({ id: `evt_local_${ulid()}`, object: 'event', type, created: now, data: { object } });
    return { body, signature: signatureHeader(body, this.options.webhookSecret, now) };
  }

  /** Applies renewals and period-end cancellations up to `now` (seconds, provider clock). */
  private advance(s: LocalSubscription, now: number): { subscription: LocalSubscription; renewed: boolean } {
    if (s.status !== 'active' || s.periodEnd > now) return { subscription: s, renewed: false };
    if (s.cancelAtPeriodEnd) return { subscription: { ...s, status: 'canceled' }, renewed: false };
    const next = { ...s };
    while (next.periodEnd <= now) {
      next.periodStart = next.periodEnd;
      next.periodEnd += MONTH_SECONDS;
    }
    return { subscription: next, renewed: true };
  }

  /** The customer's subscriptions as of `now` (renewals and period-end cancellations applied). */
  private async customerSubscriptions(customerId: string, now: number): Promise<LocalSubscription[]> {
    return (await this.listSubscriptions()).filter((s) => s.customerId === customerId).map((s) => this.advance(s, now).subscription);
  }

  /** One paid invoice per started period of each subscription, newest first, numbered in order. */
  private invoicesOf(customerId: string, subscriptions: LocalSubscription[], now: number): InvoiceSummary[] {
    const dated = subscriptions.flatMap((s) => {
      const out: Array<{ id: string; date: number }> = [];
      for (let t = s.startedAt ?? s.periodStart, i = 1; t <= Math.min(s.periodStart, now); t += MONTH_SECONDS, i++)
        out.push({ id: `in_local_${s.id.slice(-8)}_${i}`, date: t });
      return out;
    });
    return dated
      .sort((a, b) => a.date - b.date)
      .map(({ id, date }, i) => ({
        id,
        number: `LOCAL-${i + 1}`,
        date,
        amountCents: PRICE.amountCents,
        currency: PRICE.currency,
        status: 'paid',
        url: `${this.options.appOrigin}/__local/invoices/${encodeURIComponent(customerId)}/${encodeURIComponent(id)}`,
      }))
      .reverse();
  }

  private async nowSeconds(): Promise<number> {
    const out = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: keys.localBillingClock(), ConsistentRead: true }));
    return this.wallSeconds() + Number(out.Item?.offsetSeconds ?? 0);
  }

  /** The injected clock (the app's), in Unix seconds, without the billing clock's offset. */
  private wallSeconds(): number {
    return Math.floor((this.options.now?.() ?? Date.now()) / 1000);
  }

  private async listSubscriptions(): Promise<LocalSubscription[]> {
    const out = await this.doc.send(
      new QueryCommand({
        TableName: this.tableName,
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :pk',
        ExpressionAttributeValues: { ':pk': keys.localBillingSubscriptionsPartition },
      }),
    );
    return (out.Items ?? []).map((i) => i.data as LocalSubscription);
  }

  /** The customer's current session generation (0 for a customer we do not know). */
  private async generationOf(customerId: string): Promise<number> {
    return (await this.get<LocalCustomer>('CUSTOMER', customerId))?.sessionGeneration ?? 0;
  }

  /** A checkout as it stands: an open one made under an earlier generation of its customer has expired. */
  private async checkout(sessionId: string): Promise<LocalCheckout | undefined> {
    const c = await this.get<LocalCheckout>('CHECKOUT', sessionId);
    if (c?.status === 'open' && (c.generation ?? 0) !== (await this.generationOf(c.customerId))) return { ...c, status: 'expired' };
    return c;
  }

  private async portalEnded(session: LocalPortalSession): Promise<boolean> {
    return (session.generation ?? 0) !== (await this.generationOf(session.customerId));
  }

  private async get<T>(kind: LocalKind, id: string): Promise<T | undefined> {
    const out = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: keys.localBilling(kind, id), ConsistentRead: true }));
    return out.Item?.data as T | undefined;
  }

  private item(kind: LocalKind, id: string, data: object) {
    const index = kind === 'SUBSCRIPTION' ? keys.localBillingSubscriptionIndex(id) : {};
    return { ...keys.localBilling(kind, id), ...index, type: `LocalBilling${kind}`, schemaVersion: 1, data };
  }

  private async put(kind: LocalKind, id: string, data: object) {
    await this.doc.send(new PutCommand({ TableName: this.tableName, Item: this.item(kind, id, data) }));
  }
}

function snapshot(s: LocalSubscription): SubscriptionSnapshot {
  return {
    id: s.id,
    customerId: s.customerId,
    status: s.status,
    cancelAtPeriodEnd: s.cancelAtPeriodEnd,
    cancelAt: s.cancelAtPeriodEnd ? s.periodEnd : null,
    currentPeriodEnd: s.periodEnd,
    userId: s.userId,
    price: PRICE,
  };
}

/** The card on file: the test Visa until the portal changes it. */
function cardOf(customer: LocalCustomer | undefined): CardSummary {
  return { brand: customer?.cardBrand ?? DEFAULT_CARD.brand, last4: customer?.cardLast4 ?? DEFAULT_CARD.last4, expMonth: null, expYear: null };
}
