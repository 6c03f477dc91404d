// One contract for both email adapters: what a sent message looks like to its recipient. The SES
// adapter runs the real SDK against a recording transport that answers with SES's documented
// response shapes (200 {MessageId}, 400 MessageRejected); the outbox runs against DynamoDB Local.
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { EmailMessage, EmailSender } from '@app/core/email/ports';
import { createTestTable } from '../dynamodb/testing/test-table.ts';
import { LocalOutbox } from './local-outbox.ts';
import { SesEmailSender } from './ses-email-sender.ts';

/** The part of a smithy HTTP request the test reads. */
interface HttpRequest {
  method: string;
  path: string;
  body?: unknown;
}

interface Received {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  headers?: Record<string, string>;
}

interface Harness {
  sender: EmailSender;
  /** What the mailbox holds, newest first. */
  received(): Promise<Received[]>;
  /** Makes the next sends fail as the mail service would (or null when it cannot fail). */
  failNext?: () => void;
}

function recordingSes(): Harness {
  const requests: HttpRequest[] = [];
  let fail = false;
  const client = new SESv2Client({
    region: 'eu-west-2',
    credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' },
    maxAttempts: 1,
    requestHandler: {
      updateHttpClientConfig: () => {},
      httpHandlerConfigs: () => ({}),
      handle: async (request: HttpRequest) => {
        requests.push(request);
        const [status, body] = fail ? [400, { message: 'Email address is not verified.' }] : [200, { MessageId: `0100018c-${requests.length}` }];
        const headers: Record<string, string> = { 'content-type': 'application/json', 'x-amzn-requestid': 'req-1' };
        if (fail) headers['x-amzn-errortype'] = 'MessageRejected';
        return { response: { statusCode: status, headers, body: Readable.from([Buffer.from(JSON.stringify(body))]) } };
      },
    },
  });
  return {
    sender: new SesEmailSender(client, 'Football Predictions <no-reply@example.com>'),
    failNext: () => void (fail = true),
    received: async () =>
      requests
        .map((r) => {
          expect(r.method).toBe('POST');
          expect(r.path).toBe('/v2/email/outbound-emails');
          // eslint-disable-next-line @typescript-eslint/no-explicit-any
          const body = JSON.parse(Buffer.from(r.body as Uint8Array).toString('utf8')) as any;
          expect(body.FromEmailAddress).toBe('Football Predictions <no-reply@example.com>');
          const simple = body.Content.Simple;
          return {
            to: body.Destination.ToAddresses[0],
            subject: simple.Subject.Data,
            text: simple.Body.Text.Data,
            html: simple.Body.Html.Data,
            ...(body.ReplyToAddresses ? { replyTo: body.ReplyToAddresses[0] } : {}),
            ...(simple.Headers ? { headers: Object.fromEntries(simple.Headers.map((h: { Name: string; Value: string }) => [h.Name, h.Value])) } : {}),
          };
        })
        .reverse(),
  };
}

async function outbox(): Promise<Harness> {
  const table = await createTestTable();
  let t = Date.parse('2026-11-23T10:00:00Z');
  const box = new LocalOutbox(table.doc, table.tableName, () => new Date((t += 1000)));
  return { sender: box, received: () => box.list() };
}

const message = (n: number): EmailMessage => ({
  to: `ana${n}@example.com`,
  subject: `Subject ${n} é`,
  text: `Hello ${n}\nhttp://localhost:3000/verify-email?token=abc`,
  html: `<p>Hello ${n}</p>`,
  ...(n === 2 ? { replyTo: 'bob@example.com' } : {}),
  ...(n === 3
    ? { headers: { 'List-Unsubscribe': '<http://localhost:3000/api/alerts/unsubscribe?token=a.b>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } }
    : {}),
});

describe.each([
  ['Amazon SES v2', async () => recordingSes()],
  ['local outbox', outbox],
])('EmailSender contract: %s', (_name, make) => {
  it('delivers the text and HTML parts, the recipient, the reply-to address and extra headers (List-Unsubscribe)', async () => {
    const h = await make();
    await h.sender.send(message(1));
    await h.sender.send(message(2));
    await h.sender.send(message(3));
    const got = await h.received();
    expect(got.map((m) => ({ to: m.to, subject: m.subject, text: m.text, html: m.html, replyTo: m.replyTo, headers: m.headers }))).toEqual([
      { ...message(3), replyTo: undefined },
      { ...message(2), headers: undefined },
      { ...message(1), replyTo: undefined, headers: undefined },
    ]);
  });
});

describe('SesEmailSender', () => {
  it('rejects when SES refuses the message, so the queue retries it', async () => {
    const h = recordingSes();
    h.failNext!();
    await expect(h.sender.send(message(1))).rejects.toMatchObject({ name: 'MessageRejected' });
  });
});
