import middy from '@middy/core';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import type * as z from 'zod/mini';
import { memoAsync } from './memo.ts';
import { logger } from './logger.ts';

export interface JobRouteFactoryOptions<Deps> {
  deps: () => Deps | Promise<Deps>;
  /** Sends a message that can never succeed straight to the queue's dead-letter queue. */
  deadLetter: (deps: Deps, queue: string, rawBody: string, reason: string) => Promise<void>;
}

export interface JobContext<Deps> {
  deps: Deps;
  record: SQSRecord;
  /** How many times this message has been received, this delivery included. */
  receiveCount: number;
}

type Handler = middy.MiddyfiedHandler<SQSEvent, SQSBatchResponse, Error, Context>;

function parse<S extends z.ZodMiniType>(schema: S, body: string): { ok: true; message: z.infer<S> } | { ok: false; reason: string } {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return { ok: false, reason: 'Body is not valid JSON' };
  }
  const result = schema.safeParse(json);
  if (result.success) return { ok: true, message: result.data };
  return { ok: false, reason: result.error.issues.map((i) => `${i.path.join('.') || '(message)'}: ${i.message}`).join('; ') };
}

/**
 * The middy stack of SQS consumers. Each record is parsed with the message's zod schema:
 * a malformed message is a poison message and goes to the DLQ at once (never retried); a
 * record whose handler throws is reported in `batchItemFailures`, so only it comes back.
 */
export function createJobRoute<Deps>(factory: JobRouteFactoryOptions<Deps>) {
  const getDeps = memoAsync(factory.deps);

  return function jobRoute<S extends z.ZodMiniType>(
    options: { queue: string; schema: S },
    fn: (message: z.infer<S>, context: JobContext<Deps>) => Promise<void>,
  ): Handler {
    return middy<SQSEvent, SQSBatchResponse, Error, Context>().handler(async (event) => {
      const deps = await getDeps();
      const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
      for (const record of event.Records) {
        const log = { queue: options.queue, messageId: record.messageId };
        const parsed = parse(options.schema, record.body);
        if (!parsed.ok) {
          logger.error('Malformed message: sending it to the dead-letter queue', { ...log, reason: parsed.reason });
          try {
            await factory.deadLetter(deps, options.queue, record.body, parsed.reason);
          } catch (dlqError) {
            logger.error('Could not dead-letter a malformed message; it will be retried', { ...log, error: dlqError as Error });
            batchItemFailures.push({ itemIdentifier: record.messageId });
          }
          continue;
        }
        const message = parsed.message;
        try {
          const receiveCount = Number(record.attributes?.ApproximateReceiveCount ?? '1');
          await fn(message, { deps, record, receiveCount });
        } catch (error) {
          logger.error('Job record failed; it will be redelivered', { ...log, error: error as Error });
          batchItemFailures.push({ itemIdentifier: record.messageId });
        }
      }
      return { batchItemFailures };
    });
  };
}
