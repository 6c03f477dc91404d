// The email consumer behind the local queue (SQS semantics), sending through the real SES adapter
// to a stand-in SES endpoint that fails as told: a failed send comes back, and after the queue's
// last attempt the request is dead-lettered.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_RECEIVE_COUNT } from '@app/events/queues';
import { PASSWORD, startHttpStack, uniqueEmail } from '../testing/http-harness.ts';

let stack: Awaited<ReturnType<typeof startHttpStack>>;
let ses: Server;
/** Recipients of the requests SES received, and how many of the next ones fail. */
const received: string[] = [];
let failures = 0;

beforeAll(async () => {
  ses = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { Destination: { ToAddresses: string[] } };
      received.push(body.Destination.ToAddresses[0]!);
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
    expect((await stack.client().post('/api/auth/register', { email, password: PASSWORD })).status).toBe(202);
    await stack.queue.drain();
    expect(received.filter((to) => to === email)).toHaveLength(3);
    expect(stack.queue.depth('email')).toBe(0);
    expect(stack.queue.deadLetters('email')).toEqual([]);
  });

  it('dead-letters a request whose send keeps failing, after the last attempt', async () => {
    const email = uniqueEmail();
    failures = Number.POSITIVE_INFINITY;
    expect((await stack.client().post('/api/auth/register', { email, password: PASSWORD })).status).toBe(202);
    await stack.queue.drain();
    failures = 0;
    expect(received.filter((to) => to === email)).toHaveLength(MAX_RECEIVE_COUNT);
    const dead = stack.queue.deadLetters('email');
    expect(dead).toHaveLength(1);
    expect(JSON.parse(dead[0]!.body)).toMatchObject({ type: 'email.requested', template: 'verify-email' });
    // The message in the dead-letter queue carries no token: only the template and the user id.
    expect(dead[0]!.body).not.toMatch(/token|secret/i);
  });

  it('sends a malformed request straight to the dead-letter queue, never to SES', async () => {
    const before = received.length;
    await (await stack.composition.jobQueue()).send('email', { type: 'email.requested', version: 1, template: 'password-reset' });
    await stack.queue.drain();
    expect(received.length).toBe(before);
    expect(stack.queue.deadLetters('email').at(-1)!.reason).toMatch(/email/);
  });
});
