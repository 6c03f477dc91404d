import { SendEmailCommand, type SESv2Client } from '@aws-sdk/client-sesv2';
import type { EmailMessage, EmailSender } from '@app/core/email/ports';

/**
 * Amazon SES (v2 API): one simple message with a text and an HTML part (and its extra headers), from the configured
 * sender, with the configuration set whose bounce and complaint events suppress addresses.
 */
export class SesEmailSender implements EmailSender {
  constructor(
    private readonly client: Pick<SESv2Client, 'send'>,
    private readonly from: string,
    private readonly configurationSet?: string,
  ) {}

  async send(message: EmailMessage): Promise<void> {
    await this.client.send(
      new SendEmailCommand({
        FromEmailAddress: this.from,
        ...(this.configurationSet ? { ConfigurationSetName: this.configurationSet } : {}),
        Destination: { ToAddresses: [message.to] },
        ...(message.replyTo ? { ReplyToAddresses: [message.replyTo] } : {}),
        Content: {
          Simple: {
            Subject: { Data: message.subject, Charset: 'UTF-8' },
            Body: { Text: { Data: message.text, Charset: 'UTF-8' }, Html: { Data: message.html, Charset: 'UTF-8' } },
            ...(message.headers ? { Headers: Object.entries(message.headers).map(([Name, Value]) => ({ Name, Value })) } : {}),
          },
        },
      }),
    );
  }
}

/**
 * True for SES's "slow down" answers, worth a retry after a backoff: the account's maximum sending rate exceeded
 * (`ThrottlingException`/`Throttling`, or HTTP 429 `TooManyRequestsException`). Not the daily quota ("Daily message
 * quota exceeded"): that one lasts hours, so the message goes back to the queue at once.
 */
export function isSesThrottle(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (/daily message quota exceeded/i.test(error.message)) return false;
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return ['ThrottlingException', 'Throttling', 'TooManyRequestsException'].includes(error.name) || status === 429;
}
