// A stand-in for api.stripe.com that answers the paths our gateway calls with payloads shaped
// like Stripe's own (recorded from the API reference for API version 2026-10-28), and keeps
// the state a test needs. The gateway's client talks to it through its `apiBase`; its times come
// from the test's clock.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  form: URLSearchParams;
}

interface Sub {
  id: string;
  customer: string;
  status: string;
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  current_period_start: number;
  current_period_end: number;
  canceled_at?: number;
  metadata: Record<string, string>;
  /** A payment method id (Checkout sets the subscription's). */
  default_payment_method?: string | null;
}

interface Customer {
  id: string;
  email: string | null;
  metadata: Record<string, string>;
  invoice_settings: { default_payment_method: string | null };
}

interface Invoice {
  id: string;
  customer: string;
  subscription: string;
  number: string;
  created: number;
  total: number;
  currency: string;
  status: string;
}

export class FakeStripeServer {
  readonly requests: RecordedRequest[] = [];
  readonly subscriptions = new Map<string, Sub>();
  readonly sessions = new Map<string, Record<string, unknown>>();
  readonly customers = new Map<string, Customer>();
  readonly paymentMethods = new Map<
    string,
    { id: string; object: 'payment_method'; type: 'card'; card: { brand: string; last4: string; exp_month: number; exp_year: number } }
  >();
  readonly invoices: Invoice[] = [];
  /** Answers for the next requests, before any routing (an outage, a rate limit). */
  readonly failures: Array<{ status: number; headers?: Record<string, string>; body?: unknown }> = [];
  private server?: Server;
  private seq = 0;
  port = 0;

  /** `now`: epoch ms, the test's clock (periods start, and cancellations happen, at it). */
  constructor(private readonly now: () => number) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<this> {
    this.server = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const url = new URL(req.url ?? '/', 'http://x');
      const form = new URLSearchParams(Buffer.concat(chunks).toString());
      // GET requests carry their parameters in the query string.
      for (const [k, v] of url.searchParams) form.append(k, v);
      this.requests.push({ method: req.method ?? 'GET', path: url.pathname, headers: req.headers, form });
      const failure = this.failures.shift();
      const [status, body] = failure
        ? [failure.status, failure.body ?? { error: { type: 'api_error', message: 'An unknown error occurred' } }]
        : this.route(req.method ?? 'GET', url.pathname, form);
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${++this.seq}`, ...failure?.headers }).end(JSON.stringify(body));
    });
    await new Promise<void>((r) => this.server!.listen(0, '127.0.0.1', r));
    this.port = (this.server!.address() as AddressInfo).port;
    return this;
  }

  stop(): Promise<void> {
    return new Promise((r) => (this.server ? this.server.close(() => r()) : r()));
  }

  /** Puts a subscription in the given state, as if it had been created through Checkout. */
  setSubscription(sub: Partial<Sub> & { id: string; customer: string }): Sub {
    const now = Math.floor(this.now() / 1000);
    const full: Sub = {
      status: 'active',
      cancel_at_period_end: false,
      cancel_at: null,
      current_period_start: now,
      current_period_end: now + 30 * 86_400,
      metadata: {},
      ...this.subscriptions.get(sub.id),
      ...sub,
    };
    this.subscriptions.set(sub.id, full);
    return full;
  }

  /** A card payment method, as Checkout collects one. */
  addCard(card: { brand: string; last4: string; exp_month: number; exp_year: number }): string {
    const id = `pm_${++this.seq}`;
    this.paymentMethods.set(id, { id, object: 'payment_method', type: 'card', card });
    return id;
  }

  /** A paid invoice of the subscription's price, at `created` (Unix seconds). */
  addInvoice(subscription: Sub, created: number): Invoice {
    const invoice = {
      id: `in_${++this.seq}`,
      customer: subscription.customer,
      subscription: subscription.id,
      number: `INV-${this.invoices.length + 1}`,
      created,
      total: 2900,
      currency: 'usd',
      status: 'paid',
    };
    this.invoices.push(invoice);
    return invoice;
  }

  private route(method: string, path: string, form: URLSearchParams): [number, unknown] {
    let m: RegExpExecArray | null;
    const expand = [...form.entries()].filter(([k]) => /^expand\[\d*\]$/.test(k)).map(([, v]) => v);
    if (method === 'POST' && path === '/v1/customers') {
      const customer: Customer = {
        id: `cus_${++this.seq}`,
        email: form.get('email'),
        metadata: { userId: form.get('metadata[userId]') ?? '' },
        invoice_settings: { default_payment_method: null },
      };
      this.customers.set(customer.id, customer);
      return [200, this.customerJson(customer, [])];
    }
    if (method === 'GET' && (m = /^\/v1\/customers\/([\w-]+)$/.exec(path))) {
      const customer = this.customers.get(m[1]!);
      return customer ? [200, this.customerJson(customer, expand)] : missing('customer', m[1]!);
    }
    if (method === 'GET' && path === '/v1/invoices') {
      // Newest first, `limit` of them; an unknown customer is an error, as Stripe answers it.
      const customer = form.get('customer');
      if (customer && !this.customers.has(customer)) return missing('customer', customer);
      const data = this.invoices.filter((i) => !customer || i.customer === customer).sort((a, b) => b.created - a.created);
      const limit = Number(form.get('limit') ?? 10);
      return [200, { object: 'list', data: data.slice(0, limit).map((i) => invoiceJson(i)), has_more: data.length > limit, url: '/v1/invoices' }];
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const id = `cs_test_${++this.seq}`;
      const session = {
        id,
        object: 'checkout.session',
        mode: form.get('mode'),
        status: 'open',
        payment_status: 'unpaid',
        customer: form.get('customer'),
        client_reference_id: form.get('client_reference_id'),
        subscription: null,
        url: `https://checkout.stripe.com/c/pay/${id}`,
        success_url: form.get('success_url'),
        cancel_url: form.get('cancel_url'),
        livemode: false,
      };
      this.sessions.set(id, session);
      return [200, session];
    }
    if (method === 'GET' && path === '/v1/checkout/sessions') {
      // Filtered by customer and status, as Stripe lists them (one page is enough here).
      const [customer, status] = [form.get('customer'), form.get('status')];
      const data = [...this.sessions.values()].filter((s) => (!customer || s.customer === customer) && (!status || s.status === status));
      return [200, { object: 'list', data, has_more: false, url: '/v1/checkout/sessions' }];
    }
    if (method === 'POST' && (m = /^\/v1\/checkout\/sessions\/([\w-]+)\/expire$/.exec(path))) {
      const s = this.sessions.get(m[1]!);
      if (!s) return missing('checkout.session', m[1]!);
      if (s.status !== 'open')
        return [400, { error: { type: 'invalid_request_error', message: `Only Checkout Sessions with a status in ["open"] can be expired.` } }];
      s.status = 'expired';
      return [200, s];
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      const id = `bps_${++this.seq}`;
      return [
        200,
        {
          id,
          object: 'billing_portal.session',
          customer: form.get('customer'),
          return_url: form.get('return_url'),
          url: `https://billing.stripe.com/p/session/test_${id}`,
          livemode: false,
        },
      ];
    }
    if (method === 'GET' && path === '/v1/subscriptions') {
      // Stripe's default list: every subscription that is not cancelled, `limit` a page, after `starting_after`.
      const customer = form.get('customer');
      const live = [...this.subscriptions.values()].filter((s) => s.status !== 'canceled' && (!customer || s.customer === customer));
      const after = form.get('starting_after');
      const from = after ? live.findIndex((s) => s.id === after) + 1 : 0;
      const limit = Number(form.get('limit') ?? 10);
      const page = live.slice(from, from + limit);
      const expanded = expand.includes('data.default_payment_method');
      return [
        200,
        { object: 'list', data: page.map((sub) => this.withPaymentMethod(sub, expanded)), has_more: from + limit < live.length, url: '/v1/subscriptions' },
      ];
    }
    if (method === 'GET' && (m = /^\/v1\/checkout\/sessions\/([\w-]+)$/.exec(path))) {
      const s = this.sessions.get(m[1]!);
      return s ? [200, s] : missing('checkout.session', m[1]!);
    }
    if ((m = /^\/v1\/subscriptions\/([\w-]+)$/.exec(path))) {
      const sub = this.subscriptions.get(m[1]!);
      if (!sub) return missing('subscription', m[1]!);
      if (method === 'POST' && form.has('cancel_at_period_end')) {
        sub.cancel_at_period_end = form.get('cancel_at_period_end') === 'true';
        sub.cancel_at = sub.cancel_at_period_end ? sub.current_period_end : null;
      }
      if (method === 'DELETE') {
        sub.status = 'canceled';
        sub.canceled_at = Math.floor(this.now() / 1000);
      }
      return [200, subscriptionJson(sub)];
    }
    return [404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` } }];
  }

  private customerJson(customer: Customer, expand: string[]) {
    const pm = customer.invoice_settings.default_payment_method;
    const expanded = expand.includes('invoice_settings.default_payment_method') && pm ? this.paymentMethods.get(pm) : pm;
    return {
      ...customer,
      object: 'customer',
      livemode: false,
      invoice_settings: { custom_fields: null, footer: null, default_payment_method: expanded ?? null },
    };
  }

  private withPaymentMethod(sub: Sub, expand: boolean) {
    const pm = sub.default_payment_method ?? null;
    return { ...subscriptionJson(sub), default_payment_method: expand && pm ? (this.paymentMethods.get(pm) ?? pm) : pm };
  }
}

/** An invoice as API version 2026-10-28 returns it (the fields the product reads, and a few beside them). */
function invoiceJson(i: Invoice) {
  return {
    id: i.id,
    object: 'invoice',
    customer: i.customer,
    number: i.number,
    created: i.created,
    currency: i.currency,
    total: i.total,
    amount_paid: i.status === 'paid' ? i.total : 0,
    status: i.status,
    hosted_invoice_url: `https://invoice.stripe.com/i/acct_test/${i.id}`,
    invoice_pdf: `https://pay.stripe.com/invoice/acct_test/${i.id}/pdf`,
    livemode: false,
    parent: { type: 'subscription_details', subscription_details: { subscription: i.subscription } },
  };
}

function missing(kind: string, id: string): [number, unknown] {
  return [
    404,
    {
      error: {
        code: 'resource_missing',
        doc_url: 'https://stripe.com/docs/error-codes/resource-missing',
        message: `No such ${kind}: '${id}'`,
        param: 'id',
        type: 'invalid_request_error',
      },
    },
  ];
}

/** A subscription as API version 2026-10-28 returns it: the period lives on the items. */
export function subscriptionJson(sub: Sub) {
  return {
    id: sub.id,
    object: 'subscription',
    customer: sub.customer,
    status: sub.status,
    cancel_at_period_end: sub.cancel_at_period_end,
    cancel_at: sub.cancel_at,
    canceled_at: sub.canceled_at ?? null,
    collection_method: 'charge_automatically',
    currency: 'usd',
    livemode: false,
    metadata: sub.metadata,
    items: {
      object: 'list',
      data: [
        {
          id: `si_${sub.id}`,
          object: 'subscription_item',
          current_period_start: sub.current_period_start,
          current_period_end: sub.current_period_end,
          price: { id: 'price_premium_monthly', object: 'price', unit_amount: 2900, currency: 'usd', recurring: { interval: 'month', interval_count: 1 } },
          quantity: 1,
        },
      ],
      has_more: false,
      url: `/v1/subscription_items?subscription=${sub.id}`,
    },
  };
}
