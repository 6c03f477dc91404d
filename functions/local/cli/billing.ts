// `npm run billing -- advance <n>d|h|m`: moves the local test-mode payment provider's clock forward
// (renewals happen, cancelled subscriptions end), like a Stripe test clock. Needs `npm start` running.
// `npm run billing -- reconcile`: re-reads every live subscription from the provider (Stripe when
// keys are set, else the local one), stores its state and cancels those whose user is gone.
import { fail, runningStack } from './connect.ts';

const [command, amount] = process.argv.slice(2);

if (command === 'reconcile') {
  const { connectLocal } = await import('./connect.ts');
  const { base, release } = await connectLocal();
  try {
    const { buildBilling } = await import('../../src/composition/billing.ts');
    const billing = await buildBilling(base);
    const report = { seen: 0, synced: 0, orphansCancelled: [] as string[], excludedCancelled: [] as string[] };
    // Page after page, as the queue's consumer goes through them on AWS.
    let cursor: string | undefined;
    do {
      const page = await billing.reconcile(cursor ? { cursor } : {});
      report.seen += page.seen;
      report.synced += page.synced;
      report.orphansCancelled.push(...page.orphansCancelled);
      report.excludedCancelled.push(...page.excludedCancelled);
      cursor = page.cursor;
    } while (cursor);
    console.log(
      `Reconciled ${report.seen} live subscription(s): ${report.synced} synced, ${report.orphansCancelled.length} orphan(s) cancelled${report.orphansCancelled.length ? ` (${report.orphansCancelled.join(', ')})` : ''}, ${report.excludedCancelled.length} of self-excluded users set to end.`,
    );
  } catch (error) {
    fail(`Could not reconcile: ${(error as Error).message}`);
  } finally {
    await release();
  }
  process.exit(0);
}

const match = /^(\d+(?:\.\d+)?)([dhm])$/.exec(amount ?? '');
if (command !== 'advance' || !match) fail('Usage: npm run billing -- advance <number><d|h|m>   e.g. advance 31d\n       npm run billing -- reconcile');

const seconds = Number(match[1]) * { d: 86_400, h: 3_600, m: 60 }[match[2] as 'd' | 'h' | 'm'];
const stack = runningStack();
if (!stack) fail('The local stack is not running: start it with `npm start` in another terminal, then run this again.');

const res = await fetch(`http://127.0.0.1:${stack.port}/__local/billing/advance`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ seconds }),
});
const body = (await res.json()) as { offsetSeconds?: number; delivered?: Array<{ status: number; body: string }>; error?: string };
if (!res.ok) fail(`Could not advance the billing clock: ${body.error ?? res.status}`);
console.log(`Billing clock is now ${((body.offsetSeconds ?? 0) / 86_400).toFixed(1)} days ahead; ${body.delivered?.length ?? 0} webhook(s) delivered.`);
for (const d of body.delivered ?? []) console.log(`  ${d.status} ${d.body}`);
