// The Amazon SES adapter under the email contract (packages/adapters/src/email/testing/email-sender.contract.ts; the local
// outbox passes the same one in @app/local): the real SDK against a recording transport that
// answers with SES's documented response shapes (200 {MessageId}, 400 MessageRejected).
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { SesEmailSender } from './ses-email-sender.ts';
import { emailSenderContract, testMessage, type EmailSenderHarness } from './testing/email-sender.contract.ts';

/** The part of a smithy HTTP request the test reads. */
interface HttpRequest {
  method: string;
  path: string;
  body?: unknown;
}

function recordingSes(): EmailSenderHarness & { failNext(): void } {
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

emailSenderContract('Amazon SES v2', async () => recordingSes());

describe('SesEmailSender', () => {
  it('rejects when SES refuses the message, so the queue retries it', async () => {
    const h = recordingSes();
    h.failNext();
    await expect(h.sender.send(testMessage(1))).rejects.toMatchObject({ name: 'MessageRejected' });
  });
});
