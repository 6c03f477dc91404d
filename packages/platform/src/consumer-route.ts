import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { withCorrelationId } from './correlation.ts';
import middy from '@middy/core';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import type * as z from 'zod/mini';
import { TaskBusyError } from '@app/core/pipeline/jobs';
import { memoAsync } from './memo.ts';
import { logger } from './logger.ts';
import { buildAreas, type Areas, type Bindable, type Built, type NoAreas } from './areas.ts';

export interface ConsumerRouteOptions<Deps> {
  deps: () => Deps | Promise<Deps>;
  /** Epoch ms on the app's clock (the invocation's end is computed on it). */
  now: (deps: Deps) => number;
  /** Sends a message that can never succeed straight to the queue's dead-letter queue. */
  deadLetter: (deps: Deps, queue: string, rawBody: string, reason: string) => Promise<void>;
}

export interface ConsumerContext<Deps> {
  deps: Deps;
  record: SQSRecord;
  /** How many times this message has been received, this delivery included. */
  receiveCount: number;
  /** Epoch ms (on the app's clock) when this invocation ends: `context.getRemainingTimeInMillis()` from now. */
  invocationEnds: number;
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
 * The middy stack of SQS consumers: the Lambda context in every log line, and Powertools'
 * batch processor, so a record whose handler throws is reported in `batchItemFailures` and only
 * it comes back. Each record is parsed with the message's zod schema: a malformed message is a
 * poison message and goes to the DLQ at once (never retried). Handlers get the invocation's end
 * (from `context.getRemainingTimeInMillis()`), from which their time budgets are derived.
 */
export function createConsumerRoute<Deps>(factory: ConsumerRouteOptions<Deps>) {
  const defaultDeps = memoAsync(factory.deps);

  return function consumerRoute<S extends z.ZodMiniType, U extends Areas<Deps> = NoAreas>(
    /**
     * `drop`: a malformed record is logged and dropped; a function: it decides what to keep (the
     * dead-letter consumer, whose messages are dead letters already).
     */
    options: {
      queue: string;
      schema: S;
      onMalformed?: 'dead-letter' | 'drop' | ((record: SQSRecord, reason: string, deps: Deps) => Promise<void>);
      /** The areas the consumer uses: built on its dependencies, they reach it in its context under the same names. */
      areas?: U;
    },
    fn: (message: z.infer<S>, context: ConsumerContext<Deps> & Built<U>) => Promise<void>,
  ): Bindable<Handler, Deps> {
    const stack = (getDeps: () => Promise<Deps>) =>
      middy<SQSEvent, SQSBatchResponse, Error, Context>()
        .use(injectLambdaContext(logger, { resetKeys: true }))
        .handler(async (event, context) => {
          const deps = await getDeps();
          const remaining = typeof context?.getRemainingTimeInMillis === 'function' ? context.getRemainingTimeInMillis() : Infinity;
          const invocationEnds = factory.now(deps) + remaining;
          const processor = new BatchProcessor(EventType.SQS);
          const handleRecord = async (record: SQSRecord) => {
            const parsed = parse(options.schema, record.body);
            const sent = parsed.ok ? (parsed.message as { correlationId?: unknown }).correlationId : undefined;
            const correlationId = typeof sent === 'string' ? sent : record.messageId;
            const log = { queue: options.queue, messageId: record.messageId, correlationId };
            if (!parsed.ok && typeof options.onMalformed === 'function') return options.onMalformed(record, parsed.reason, deps);
            if (!parsed.ok && options.onMalformed === 'drop') {
              logger.error('Malformed message dropped', { ...log, reason: parsed.reason });
              return;
            }
            if (!parsed.ok) {
              logger.error('Malformed message: sending it to the dead-letter queue', { ...log, reason: parsed.reason });
              try {
                await factory.deadLetter(deps, options.queue, record.body, parsed.reason);
              } catch (dlqError) {
                logger.error('Could not dead-letter a malformed message; it will be retried', { ...log, error: dlqError as Error });
                throw dlqError;
              }
              return;
            }
            try {
              const receiveCount = Number(record.attributes?.ApproximateReceiveCount ?? '1');
              const areas = await buildAreas(options.areas, deps);
              await withCorrelationId(correlationId, () => fn(parsed.message, { ...areas, deps, record, receiveCount, invocationEnds }));
            } catch (error) {
              // A second delivery of a task that is running elsewhere is expected (at-least-once delivery), not an error.
              if (error instanceof TaskBusyError)
                logger.warn('Task is running under another delivery; it will be redelivered', { ...log, reason: error.message });
              else logger.error('Job record failed; it will be redelivered', { ...log, error: error as Error });
              throw error;
            }
          };
          return processPartialResponse(event, handleRecord, processor, { ...(context ? { context } : {}), throwOnFullBatchFailure: false });
        });
    return Object.assign(stack(defaultDeps), { on: (deps: Deps) => stack(async () => deps) });
  };
}
