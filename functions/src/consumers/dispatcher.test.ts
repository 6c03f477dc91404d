import { describe, expect, it } from 'vitest';
import type { MessageQueue } from '@app/core/queues/ports';
import { withCorrelationId } from '@app/platform/correlation';
import { makeDispatcher } from './dispatcher.ts';

function recordingQueue() {
  const sent: Array<{ queue: string; message: unknown }> = [];
  const queue = {
    send: async (name: string, message: unknown) => void sent.push({ queue: name, message }),
    sendBatch: async (name: string, messages: unknown[]) => void messages.forEach((message) => sent.push({ queue: name, message })),
  } as unknown as MessageQueue;
  return { queue, sent };
}

describe('the job dispatcher', () => {
  it('stamps the planner message and every task with the correlation id of the work that sent them', async () => {
    // Prepare
    const { queue, sent } = recordingQueue();
    const dispatcher = makeDispatcher(queue, () => new Date('2026-11-22T12:00:00Z'));

    // Act
    await withCorrelationId('api-request-42', async () => {
      await dispatcher.plan({ jobId: 'J1', type: 'generate', requestedBy: 'admin' });
      await dispatcher.assign('J1', 'generate', ['E0', 'SP1']);
    });
    await dispatcher.plan({ jobId: 'J2', type: 'metrics', requestedBy: 'schedule' });

    // Assess
    expect(sent.slice(0, 3).map((s) => (s.message as { correlationId?: string }).correlationId)).toEqual([
      'api-request-42',
      'api-request-42',
      'api-request-42',
    ]);
    expect(sent.slice(1, 3).map((s) => s.queue)).toEqual(['prediction-generation', 'prediction-generation']);
    expect(sent[3]!.message).not.toHaveProperty('correlationId');
  });
});
