// The email consumer behind the local queue (SQS semantics), sending through the real SES adapter
// to a stand-in SES endpoint that fails as told: a failed send comes back, and after the queue's
// last attempt the request is dead-lettered.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_RECEIVE_COUNT } from '@app/events/queues';
import { PASSWORD, TERMS, startHttpStack, uniqueEmail } from '../../test/http-harness.ts';

let stack: Awaited<ReturnType<typeof startHttpStack>>;
let ses: Server;
/** Recipients of the requests SES received, and how many of the next ones fail. */
const received: string[] = [];
let failures = 0;
/** How many of the next requests SES answers with its send-rate throttle (429). */
let throttles = 0;

beforeAll(async () => {
  ses = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { Destination: { ToAddresses: string[] } };
      received.push(body.Destination.ToAddresses[0]!);
      if (throttles > 0) {
        throttles -= 1;
        res
          .writeHead(429, { 'content-type': 'application/json', 'x-amzn-errortype': 'TooManyRequestsException' })
          .end('{"message":"Maximum sending rate exceeded."}');
        return;
      }
      if (failures > 0) {
        failures -= 1;
        res.writeHead(500, { 'content-type': 'application/json', 'x-amzn-errortype': 'InternalFailure' }).end('{"message":"try later"}');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ MessageId: `m-${received.length}` }));
    });
  });
  await new Promise<void>((r) => ses.listen(0, '127.0.0.1', r));
  stack = await startHttpStack({
    EMAIL_DRIVER: 'ses',
    SES_API_BASE: `http://127.0.0.1:${(ses.address() as AddressInfo).port}`,
    AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE',
    AWS_SECRET_ACCESS_KEY: 'secret',
    LOCAL_QUEUE_VISIBILITY_SECONDS: '0',
  });
});
afterAll(async () => {
  await stack.close();
  await new Promise((r) => ses.close(r));
});

describe('the email consumer', () => {
  it('retries a failed send through the queue until it goes through', async () => {
    const email = uniqueEmail();
    failures = 2;
    expect((await stack.client().post('/api/auth/register', { email, password: PASSWORD, ...TERMS })).status).toBe(201);
    await stack.queue.drain();
    expect(received.filter((to) => to === email)).toHaveLength(3);
    expect(stack.queue.depth('email')).toBe(0);
    expect(stack.queue.deadLetters('email')).toEqual([]);
  });

  it('backs off and tries again within the delivery when SES throttles the send rate, so a burst of throttles costs no message', async () => {
    const email = uniqueEmail();
    // More throttles than the queue has deliveries (5): only retrying within each delivery gets the email out.
    throttles = 6;
    expect((await stack.client().post('/api/auth/register', { email, password: PASSWORD, ...TERMS })).status).toBe(201);
    await stack.queue.drain();
    expect(received.filter((to) => to === email)).toHaveLength(7);
    expect(stack.queue.deadLetters('email')).toEqual([]);
  });

  it('dead-letters a request whose send keeps failing, after the last attempt', async () => {
    const email = uniqueEmail();
    failures = Number.POSITIVE_INFINITY;
    expect((await stack.client().post('/api/auth/register', { email, password: PASSWORD, ...TERMS })).status).toBe(201);
    await stack.queue.drain();
    failures = 0;
    expect(received.filter((to) => to === email)).toHaveLength(MAX_RECEIVE_COUNT);
    const dead = stack.queue.deadLetters('email');
    expect(dead).toHaveLength(1);
    expect(JSON.parse(dead[0]!.body)).toMatchObject({ type: 'email.requested', template: 'verify-email' });
    // The message in the dead-letter queue carries no token: only the template and the user id.
    expect(dead[0]!.body).not.toMatch(/token|secret/i);
  });

  it('sends a malformed request straight to the dead-letter queue, never to SES, and still keeps it', async () => {
    const before = received.length;
    await (await stack.composition.messageQueue()).send('email', { type: 'email.requested', version: 1, template: 'password-reset' });
    await stack.queue.drain();
    expect(received.length).toBe(before);
    expect(stack.queue.deadLetters('email').at(-1)!.reason).toMatch(/email/);
    const kept = (await (await stack.composition.undeliveredEmails()).list(100)).find((e) => e.reason.includes('malformed'));
    expect(JSON.parse(kept!.body)).toEqual({ type: 'email.requested', version: 1, template: 'password-reset' });
  });
});

describe('an email that could not be sent', () => {
  it('is kept with its request, shown to admins, and replayed by the redrive until it is sent', async () => {
    // Prepare: SES fails every attempt, so the verification email is dead-lettered.
    const email = uniqueEmail();
    failures = Number.POSITIVE_INFINITY;
    expect((await stack.client().post('/api/auth/register', { email, password: PASSWORD, ...TERMS })).status).toBe(201);
    await stack.queue.drain();
    failures = 0;
    const store = await stack.composition.undeliveredEmails();
    const [kept] = (await store.list(100)).filter((e) => !e.redrivenAt && JSON.parse(e.body).template === 'verify-email');
    expect(kept).toMatchObject({ reason: `maxReceiveCount (${MAX_RECEIVE_COUNT}) exceeded` });
    const admin = await stack.adminClient();
    const delivery = await admin.get('/api/admin/email-delivery');
    expect(delivery.json.undelivered).toContainEqual(expect.objectContaining({ id: kept!.id, template: 'verify-email' }));
    expect(JSON.stringify(delivery.json)).not.toContain(email); // the request's body stays on the server

    // Act: `npm run jobs -- redrive` calls this endpoint of the running stack.
    const redrive = await stack.client().post('/__local/queues/email/redrive', {});
    await stack.queue.drain();

    // Assess: sent this time, recorded as replayed, and gone from the local dead-letter queue.
    expect(redrive.json.redriven).toBeGreaterThanOrEqual(1);
    expect(received.filter((to) => to === email)).toHaveLength(MAX_RECEIVE_COUNT + 1);
    expect((await store.list(100)).find((e) => e.id === kept!.id)!.redrivenAt).toBeDefined();
    expect(stack.queue.deadLetters('email').map((d) => d.messageId)).not.toContain(kept!.id);
    // A second redrive replays nothing twice.
    expect((await stack.client().post('/__local/queues/email/redrive', {})).json.redriven).toBe(0);
  });
});

describe('bounces and complaints', () => {
  it('suppresses an address SES reports as permanently bouncing, and sends it nothing more', async () => {
    const email = uniqueEmail();
    expect((await stack.client().post('/api/auth/register', { email, password: PASSWORD, ...TERMS })).status).toBe(201);
    await stack.queue.drain();
    const sent = received.filter((to) => to === email).length;
    // What SES publishes through SNS (raw delivery) for a hard bounce, and a transient one for another address.
    stack.queue.sendRaw(
      'email-events',
      JSON.stringify({
        eventType: 'Bounce',
        bounce: { bounceType: 'Permanent', bounceSubType: 'NoEmail', bouncedRecipients: [{ emailAddress: email.toUpperCase() }] },
        mail: { messageId: 'm' },
      }),
    );
    stack.queue.sendRaw(
      'email-events',
      JSON.stringify({ eventType: 'Bounce', bounce: { bounceType: 'Transient', bouncedRecipients: [{ emailAddress: 'full@example.com' }] } }),
    );
    await stack.queue.drain();

    expect((await stack.client().post('/api/auth/password-reset', { email })).status).toBe(202);
    await stack.queue.drain();

    expect(received.filter((to) => to === email)).toHaveLength(sent);
    const suppressions = await (await stack.composition.emailSuppressions()).list(100);
    expect(suppressions.map((x) => x.email)).toContain(email.toLowerCase());
    expect(suppressions.map((x) => x.email)).not.toContain('full@example.com');
    expect((await (await stack.adminClient()).get('/api/admin/email-delivery')).json.suppressions).toContainEqual(
      expect.objectContaining({ email: email.toLowerCase(), reason: 'bounce' }),
    );
  });
});
