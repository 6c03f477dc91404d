import { PRODUCT_NAME } from '@app/contracts/brand';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  cardBrandOf,
  CHECKOUT_ENDED_MESSAGE,
  LocalPaymentGateway,
  type LocalPortalAction,
  type LocalPortalView,
  type SignedWebhook,
} from '@app/local/local-billing/local-payment-gateway';
import { isDomainError } from '@app/core/errors';
import type { LocalQueue } from '@app/local/local-queue/local-queue';
import type { SentEmail } from '@app/local/email/local-outbox';
import { EMAIL_QUEUE } from '@app/core/email/deliverability';
import type { Base } from '../src/composition/base.ts';
import { buildPaymentGateway } from '../src/composition/billing.ts';
import { buildUndeliveredEmails, redriveEmails } from '../src/composition/email.ts';
import { buildJobs } from '../src/composition/pipeline.ts';
import { localOutbox } from './adapters.ts';

export interface LocalAdminDeps {
  /** The stack's base: the payment provider, the jobs, the outbox and the undelivered emails are built on it. */
  base: Base;
  queue: LocalQueue;
  /** This server's own URL, to deliver the local provider's webhooks through the real route. */
  selfUrl: () => string;
}

/** Loopback: 127.0.0.0/8 and ::1. */
export const isLoopback = (address: string) => /^(127\.|::ffff:127\.|::1$)/.test(address);

/**
 * Why a request may not use /__local/*, or undefined when it may: it must come from this machine
 * (a loopback peer), name this machine in Host (so a DNS-rebinding page on another name cannot
 * read the outbox's reset links), and not come from another site's page (a cross-site form or
 * fetch cannot press Pay or redrive queues). docs/decisions/0150-local-stack-on-loopback-only.md.
 */
export function localRefusal(req: IncomingMessage): string | undefined {
  if (!isLoopback(req.socket.remoteAddress ?? '')) return 'local only';
  const host = req.headers.host ?? '';
  let hostname: string;
  try {
    hostname = new URL(`http://${host}`).hostname;
  } catch {
    return 'local only: bad Host';
  }
  if (!['localhost', '127.0.0.1', '[::1]'].includes(hostname)) return 'local only: Host must be localhost or 127.0.0.1';
  const origin = req.headers.origin;
  if (origin !== undefined && origin !== `http://${host}`) return 'local only: cross-origin request';
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return 'local only: cross-site request';
  return undefined;
}

/**
 * Local-only endpoints under /__local (never deployed):
 * - the test-mode checkout and customer portal pages of the local payment provider (when no Stripe keys are set);
 * - the provider's clock (`npm run billing -- advance 31d`);
 * - queue depths, dead letters and redrive, as the SQS console would show them;
 * - the latest run of each job type (the restart check waits for them to finish).
 * - the outbox: every email the product sent, as a page (/__local/mail) and as JSON (/__local/mail.json).
 */
export function localAdmin(deps: LocalAdminDeps) {
  return async (req: IncomingMessage, res: ServerResponse, body: Buffer): Promise<boolean> => {
    const url = new URL(req.url ?? '/', 'http://local');
    // The server asks for /__local/ paths only; a caller that does not is answered as before.
    if (!url.pathname.startsWith('/__local/')) return false;
    // Everything here is for the person at this machine: the test-mode checkout (its Pay button
    // would hand anyone premium) as much as the operator endpoints and the outbox.
    const refusal = localRefusal(req);
    if (refusal) return reply(res, 403, { error: refusal });
    const checkout = /^\/__local\/checkout\/([\w-]+)(\/pay)?$/.exec(url.pathname);
    if (checkout) return handleCheckout(deps, req, res, checkout[1]!, Boolean(checkout[2]));
    const portal = /^\/__local\/portal\/([\w-]+)(?:\/(cancel|resume|card))?$/.exec(url.pathname);
    if (portal) return handlePortal(deps, req, res, portal[1]!, portal[2] as 'cancel' | 'resume' | 'card' | undefined, body);
    if (url.pathname === '/__local/checkout.css') return send(res, 200, 'text/css; charset=utf-8', CHECKOUT_CSS);
    const invoice = /^\/__local\/invoices\/([\w-]+)\/([\w-]+)$/.exec(url.pathname);
    if (req.method === 'GET' && invoice) return handleInvoice(deps, res, invoice[1]!, invoice[2]!);

    if (req.method === 'GET' && url.pathname === '/__local/mail.json') {
      return reply(res, 200, await localOutbox(deps.base).list());
    }
    if (req.method === 'GET' && url.pathname === '/__local/mail') {
      return send(res, 200, 'text/html; charset=utf-8', mailPage(await localOutbox(deps.base).list()));
    }
    if (req.method === 'GET' && url.pathname === '/__local/queues') {
      return reply(
        res,
        200,
        deps.queue.queueNames().map((name) => ({ name, depth: deps.queue.depth(name), deadLetters: deps.queue.deadLetters(name) })),
      );
    }
    const redrive = /^\/__local\/queues\/([\w-]+)\/redrive$/.exec(url.pathname);
    if (req.method === 'POST' && redrive) {
      const name = redrive[1]!;
      if (!deps.queue.queueNames().includes(name)) return reply(res, 404, { error: `unknown queue ${name}` });
      if (name === EMAIL_QUEUE) {
        // Emails are replayed from their records, as on AWS; the local DLQ's copies of them go.
        const report = await redriveEmails(deps.base);
        deps.queue.discardDeadLetters(name, new Set((await buildUndeliveredEmails(deps.base).list(1000)).map((e) => e.id)));
        return reply(res, 200, { redriven: report.redriven, kept: report.kept });
      }
      return reply(res, 200, { redriven: deps.queue.redrive(name) });
    }
    if (req.method === 'POST' && url.pathname === '/__local/jobs') {
      const { type, leagues } = JSON.parse(body.toString() || '{}') as { type?: string; leagues?: string[] };
      if (!['generate', 'results', 'metrics'].includes(type ?? '')) return reply(res, 400, { error: 'type must be generate, results or metrics' });
      const job = await buildJobs(deps.base).request(type as 'generate', 'cli', Array.isArray(leagues) ? leagues.map(String) : []);
      return reply(res, 202, { jobId: job.id });
    }
    if (req.method === 'GET' && url.pathname === '/__local/jobs') {
      const jobs = buildJobs(deps.base);
      const latest = await Promise.all((['generate', 'results', 'metrics'] as const).map(async (type) => [type, (await jobs.latest(type)) ?? null]));
      return reply(res, 200, Object.fromEntries(latest));
    }
    const jobStatus = /^\/__local\/jobs\/([0-9A-Z]{26})$/.exec(url.pathname);
    if (req.method === 'GET' && jobStatus) {
      try {
        return reply(res, 200, await buildJobs(deps.base).get(jobStatus[1]!));
      } catch {
        return reply(res, 404, { error: 'no such job' });
      }
    }
    if (req.method === 'POST' && url.pathname === '/__local/billing/advance') {
      const gateway = await localGateway(deps);
      if (!gateway) return reply(res, 409, { error: 'Stripe keys are configured: use Stripe test clocks instead' });
      const seconds = Number((JSON.parse(body.toString() || '{}') as { seconds?: unknown }).seconds);
      if (!Number.isFinite(seconds) || seconds <= 0) return reply(res, 400, { error: 'seconds must be a positive number' });
      const { offsetSeconds, webhooks } = await gateway.advanceClock(seconds);
      const delivered = await deliver(deps, webhooks);
      return reply(res, 200, { offsetSeconds, delivered });
    }
    return reply(res, 404, { error: 'not_found' });
  };
}

async function localGateway(deps: LocalAdminDeps): Promise<LocalPaymentGateway | undefined> {
  const gateway = await buildPaymentGateway(deps.base);
  return gateway instanceof LocalPaymentGateway ? gateway : undefined;
}

/** Sends the provider's signed webhooks through the real webhook route, as Stripe would. */
async function deliver(deps: LocalAdminDeps, webhooks: SignedWebhook[]): Promise<Array<{ status: number; body: string }>> {
  const results = [];
  for (const w of webhooks) {
    const res = await fetch(`${deps.selfUrl()}/api/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': w.signature },
      body: w.body,
    });
    results.push({ status: res.status, body: await res.text() });
  }
  return results;
}

async function handleCheckout(deps: LocalAdminDeps, req: IncomingMessage, res: ServerResponse, id: string, pay: boolean): Promise<true> {
  const gateway = await localGateway(deps);
  const session = gateway && (await gateway.checkoutPage(id));
  if (!gateway || !session) return send(res, 404, 'text/html; charset=utf-8', page('Checkout not found', '<p>This checkout session does not exist.</p>'));
  if (pay) {
    if (req.method !== 'POST') return send(res, 405, 'text/plain', 'Method Not Allowed');
    const ended = () => send(res, 409, 'text/html; charset=utf-8', page('Checkout expired', `<p>${escape(CHECKOUT_ENDED_MESSAGE)}</p>`));
    if (session.status === 'expired') return ended();
    let paid: Awaited<ReturnType<typeof gateway.completeCheckout>>;
    try {
      paid = await gateway.completeCheckout(id);
    } catch (error) {
      // Expired or ended meanwhile (a break, a self-exclusion): nothing was charged.
      if (isDomainError(error) && error.kind === 'conflict') return ended();
      throw error;
    }
    const { redirectUrl, webhooks } = paid;
    const delivered = await deliver(deps, webhooks);
    if (delivered.some((d) => d.status >= 400)) {
      return send(res, 502, 'text/html; charset=utf-8', page('Payment recorded, webhook failed', `<pre>${escape(JSON.stringify(delivered, null, 2))}</pre>`));
    }
    res.writeHead(303, { location: redirectUrl }).end();
    return true;
  }
  const done = session.status === 'complete';
  return send(
    res,
    200,
    'text/html; charset=utf-8',
    page(
      'Checkout (test mode)',
      `<p class="badge">TEST MODE: no real payment is taken</p>
      <h1>${PRODUCT_NAME} Premium</h1>
      <p class="price"><strong>$29.00</strong> per month</p>
      <p>Full probabilities, Over/Under 2.5, value bets and analytics. Cancel any time; access runs to the end of the paid period.</p>
      ${done ? '<p>This checkout is already paid.</p>' : ''}
      <form method="post" action="/__local/checkout/${escape(id)}/pay">
        <button type="submit">Pay $29 (test mode)</button>
      </form>
      <p><a href="${escape(session.cancelUrl)}">Cancel</a></p>`,
    ),
  );
}

/** The outbox as a list: newest first, the text part with its links made clickable. */
function mailPage(mails: SentEmail[]): string {
  const linkify = (text: string) => escape(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
  const items = mails.map(
    (m) => `<article class="mail"><h2>${escape(m.subject)}</h2>
      <p class="meta">To ${escape(m.to)}${m.replyTo ? ` · reply to ${escape(m.replyTo)}` : ''} · ${escape(m.sentAt)}</p>
      <pre>${linkify(m.text)}</pre></article>`,
  );
  return page('Local outbox', `<p class="badge">LOCAL: nothing here left this machine</p><h1>Outbox</h1>${items.join('') || '<p>No email sent yet.</p>'}`);
}

async function handlePortal(
  deps: LocalAdminDeps,
  req: IncomingMessage,
  res: ServerResponse,
  id: string,
  action: 'cancel' | 'resume' | 'card' | undefined,
  body: Buffer,
): Promise<true> {
  const gateway = await localGateway(deps);
  let view: LocalPortalView | undefined;
  try {
    view = gateway && (await gateway.portalPage(id));
  } catch (error) {
    // Ended by a break or a self-exclusion.
    if (isDomainError(error) && error.kind === 'conflict')
      return send(res, 409, 'text/html; charset=utf-8', page('Portal session ended', `<p>${escape(error.message)}</p>`));
    throw error;
  }
  if (!gateway || !view) return send(res, 404, 'text/html; charset=utf-8', page('Portal not found', '<p>This billing portal session does not exist.</p>'));
  if (!action) return send(res, 200, 'text/html; charset=utf-8', portalPage(view));
  if (req.method !== 'POST') return send(res, 405, 'text/plain', 'Method Not Allowed');
  const form = new URLSearchParams(body.toString('utf8'));
  let change: LocalPortalAction;
  if (action === 'card') {
    const number = (form.get('number') ?? '').replace(/\s/g, '');
    if (!/^\d{12,19}$/.test(number))
      return send(res, 400, 'text/html; charset=utf-8', page('Invalid card', '<p>Enter a test card number (12 to 19 digits).</p>'));
    change = { type: 'card', last4: number.slice(-4), brand: cardBrandOf(number) };
  } else change = { type: action, subscriptionId: form.get('subscription') ?? '' };
  let webhooks: SignedWebhook[];
  try {
    webhooks = await gateway.portalAction(id, change);
  } catch (error) {
    return send(res, 409, 'text/html; charset=utf-8', page('Not possible', `<p>${escape((error as Error).message)}</p>`));
  }
  const delivered = await deliver(deps, webhooks);
  if (delivered.some((d) => d.status >= 400)) {
    return send(res, 502, 'text/html; charset=utf-8', page('Change recorded, webhook failed', `<pre>${escape(JSON.stringify(delivered, null, 2))}</pre>`));
  }
  res.writeHead(303, { location: `/__local/portal/${encodeURIComponent(id)}` }).end();
  return true;
}

/** Stripe's customer portal, in test mode: the subscription (cancel, resume), the card on file, the invoices. */
function portalPage(view: LocalPortalView): string {
  const id = escape(view.session.id);
  const date = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);
  const subscriptions = view.subscriptions.map((s) => {
    const state = s.status === 'canceled' ? 'Ended' : s.cancelAtPeriodEnd ? `Cancels on ${date(s.periodEnd)}` : `Renews on ${date(s.periodEnd)}`;
    const button =
      s.status === 'canceled'
        ? ''
        : `<form method="post" action="/__local/portal/${id}/${s.cancelAtPeriodEnd ? 'resume' : 'cancel'}"><input type="hidden" name="subscription" value="${escape(s.id)}"><button type="submit">${s.cancelAtPeriodEnd ? 'Resume subscription' : 'Cancel subscription'}</button></form>`;
    return `<li><strong>Premium, $29.00 per month</strong><br><span class="state">${escape(state)}</span>${button}</li>`;
  });
  const invoices = view.invoices.map(
    (i) => `<tr><td><a href="${escape(i.url ?? '')}">${date(i.date)}</a></td><td>$${(i.amountCents / 100).toFixed(2)}</td><td>${escape(i.status)}</td></tr>`,
  );
  return page(
    'Billing (test mode)',
    `<p class="badge">TEST MODE: no real payment is taken</p>
    <h1>Billing</h1>
    <p>${escape(view.email)}</p>
    <h2>Subscription</h2>
    <ul class="plain">${subscriptions.join('') || '<li>No subscription.</li>'}</ul>
    <h2>Payment method</h2>
    <p>${escape(cardName(view.card.brand))} ending in ${escape(view.card.last4)}</p>
    <form method="post" action="/__local/portal/${id}/card">
      <label>New card number <input name="number" inputmode="numeric" autocomplete="cc-number" required></label>
      <button type="submit">Update card</button>
    </form>
    <h2>Invoices</h2>
    <table><thead><tr><th>Date</th><th>Amount</th><th>Status</th></tr></thead><tbody>${invoices.join('') || '<tr><td colspan="3">No invoices yet.</td></tr>'}</tbody></table>
    <p><a href="${escape(view.session.returnUrl)}">Return to ${PRODUCT_NAME}</a></p>`,
  );
}

/** Stripe's hosted invoice page, in test mode: what was paid, when, for what. */
async function handleInvoice(deps: LocalAdminDeps, res: ServerResponse, customerId: string, invoiceId: string): Promise<true> {
  const gateway = await localGateway(deps);
  const found = gateway && (await gateway.invoice(customerId, invoiceId));
  if (!found) return send(res, 404, 'text/html; charset=utf-8', page('Invoice not found', '<p>This invoice does not exist.</p>'));
  const { invoice, email } = found;
  const day = new Date(invoice.date * 1000).toISOString().slice(0, 10);
  return send(
    res,
    200,
    'text/html; charset=utf-8',
    page(
      `Invoice ${invoice.number ?? invoice.id}`,
      `<p class="badge">TEST MODE: no real payment is taken</p>
      <h1>Invoice ${escape(invoice.number ?? invoice.id)}</h1>
      <p>Billed to ${escape(email)} on ${day}</p>
      <table><tbody><tr><td>${PRODUCT_NAME} Premium, 1 month</td><td>$${(invoice.amountCents / 100).toFixed(2)}</td></tr></tbody></table>
      <p>Status: ${escape(invoice.status)}</p>`,
    ),
  );
}

const cardName = (brand: string) => ({ visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express' })[brand] ?? 'Card';

function page(title: string, content: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)}</title><link rel="stylesheet" href="/__local/checkout.css"></head><body><main>${content}</main></body></html>`;
}

const CHECKOUT_CSS = `body{font-family:system-ui,sans-serif;background:#f4f6f8;color:#111827;margin:0}
main{max-width:28rem;margin:3rem auto;background:#fff;padding:2rem;border-radius:12px;box-shadow:0 1px 4px #0002}
.badge{display:inline-block;background:#92400e;color:#fff;padding:.2rem .6rem;border-radius:999px;font-size:.8rem}
.price{font-size:1.4rem}
button{background:#1d4ed8;color:#fff;border:0;border-radius:8px;padding:.8rem 1.2rem;font-size:1rem;cursor:pointer;width:100%}
button:focus-visible,a:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
a{color:#1d4ed8}
.mail{border-top:1px solid #e5e7eb;padding-top:.5rem}.mail h2{font-size:1.05rem;margin:.5rem 0}
.meta{color:#4b5563;font-size:.85rem}
.plain{list-style:none;padding:0}.plain form{margin-top:.5rem}.state{color:#4b5563}
h2{font-size:1.1rem;margin-top:1.5rem}table{width:100%;border-collapse:collapse}td,th{text-align:left;padding:.3rem 0;border-bottom:1px solid #e5e7eb}
label{display:block;margin-bottom:.5rem}input{display:block;width:100%;padding:.5rem;margin-top:.25rem;border:1px solid #9ca3af;border-radius:6px;box-sizing:border-box}pre{white-space:pre-wrap;font-family:inherit}`;

function escape(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

function send(res: ServerResponse, status: number, type: string, body: string): true {
  res
    .writeHead(status, {
      'content-type': type,
      'cache-control': 'no-store',
      'content-security-policy': "default-src 'self'; form-action 'self'; frame-ancestors 'none'",
    })
    .end(body);
  return true;
}

function reply(res: ServerResponse, status: number, body: unknown): true {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(JSON.stringify(body));
  return true;
}
