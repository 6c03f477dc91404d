import { sqsEvent } from '@app/events/samples';
import type { Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { currentCorrelationId } from './correlation.ts';
import { createConsumerRoute } from './consumer-route.ts';

/** A Lambda context with 30 s left; the app's clock stands at 1000. */
const context = { functionName: 'consumer', awsRequestId: 'req-1', getRemainingTimeInMillis: () => 30_000 } as Context;

function setup() {
  const deadLetters: { queue: string; body: string; reason: string }[] = [];
  const processed: string[] = [];
  const ends: number[] = [];
  const consumerRoute = createConsumerRoute({
    deps: () => ({}),
    now: () => 1000,
    deadLetter: async (_deps, queue, body, reason) => {
      deadLetters.push({ queue, body, reason });
    },
  });
  const handler = consumerRoute({ queue: 'prediction-generation', schema: z.object({ league: z.string() }) }, async (message, { invocationEnds }) => {
    ends.push(invocationEnds);
    if (message.league === 'FAIL') throw new Error('provider down');
    processed.push(message.league);
  });
  return { handler, deadLetters, processed, ends };
}

describe('consumerRoute', () => {
  it('runs each record under the correlation id its message carries, else under its message id', async () => {
    // Prepare
    const seen: Array<string | undefined> = [];
    const handler = createConsumerRoute({ deps: () => ({}), now: () => 1000, deadLetter: async () => {} })(
      { queue: 'prediction-generation', schema: z.object({ league: z.string(), correlationId: z.optional(z.string()) }) },
      async () => void seen.push(currentCorrelationId()),
    );
    const event = sqsEvent([{ league: 'E0', correlationId: 'api-request-7' }, { league: 'SP1' }]);

    // Act
    await handler(event, context);

    // Assess
    expect(seen).toEqual(['api-request-7', event.Records[1]?.messageId]);
  });

  it('reports only the failed record in batchItemFailures', async () => {
    const { handler, processed } = setup();
    const event = sqsEvent([{ league: 'E0' }, { league: 'FAIL' }, { league: 'SP1' }]);
    const res = await handler(event, context);
    expect(processed).toEqual(['E0', 'SP1']);
    expect(res.batchItemFailures).toEqual([{ itemIdentifier: event.Records[1]?.messageId }]);
  });

  it("gives every record the invocation's end from the Lambda context's remaining time", async () => {
    const { handler, ends } = setup();
    await handler(sqsEvent([{ league: 'E0' }, { league: 'SP1' }]), context);
    expect(ends).toEqual([31_000, 31_000]);
  });

  it('answers a batch whose every record failed with all of them, without throwing', async () => {
    const { handler } = setup();
    const event = sqsEvent([{ league: 'FAIL' }, { league: 'FAIL' }]);
    const res = await handler(event, context);
    expect(res.batchItemFailures.map((f) => f.itemIdentifier)).toEqual(event.Records.map((r) => r.messageId));
  });

  it('sends a malformed message to the dead-letter queue instead of retrying it', async () => {
    const { handler, deadLetters, processed } = setup();
    const res = await handler(sqsEvent(['{not json', { league: 42 }, { league: 'E0' }]), context);
    expect(res.batchItemFailures).toEqual([]);
    expect(processed).toEqual(['E0']);
    expect(deadLetters.map((d) => d.body)).toEqual(['{not json', '{"league":42}']);
    expect(deadLetters[1]?.reason).toMatch(/league/);
  });
});
