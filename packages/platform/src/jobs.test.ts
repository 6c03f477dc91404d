import { sqsEvent } from '@app/events/samples';
import type { Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { createJobRoute } from './jobs.ts';

const context = {} as Context;

function setup() {
  const deadLetters: { queue: string; body: string; reason: string }[] = [];
  const processed: string[] = [];
  const jobRoute = createJobRoute({
    deps: () => ({}),
    deadLetter: async (_deps, queue, body, reason) => {
      deadLetters.push({ queue, body, reason });
    },
  });
  const handler = jobRoute({ queue: 'prediction-generation', schema: z.object({ league: z.string() }) }, async (message) => {
    if (message.league === 'FAIL') throw new Error('provider down');
    processed.push(message.league);
  });
  return { handler, deadLetters, processed };
}

describe('jobRoute', () => {
  it('reports only the failed record in batchItemFailures', async () => {
    const { handler, processed } = setup();
    const event = sqsEvent([{ league: 'E0' }, { league: 'FAIL' }, { league: 'SP1' }]);
    const res = await handler(event, context);
    expect(processed).toEqual(['E0', 'SP1']);
    expect(res.batchItemFailures).toEqual([{ itemIdentifier: event.Records[1]?.messageId }]);
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
