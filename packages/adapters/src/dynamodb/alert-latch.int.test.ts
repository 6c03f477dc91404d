import { describe, expect, it } from 'vitest';
import { DynamoAlertLatch } from './alert-latch.ts';
import { createTestTable } from './testing/test-table.ts';

describe('the alert latch in DynamoDB', () => {
  it('is raised by exactly one of several concurrent runs, and can be raised again once cleared', async () => {
    const table = await createTestTable();
    const latch = new DynamoAlertLatch(table.doc, table.tableName);
    const raised = await Promise.all([1, 2, 3].map(() => latch.raise('providers', '2026-11-25T06:00:00.000Z')));
    expect(raised.filter(Boolean)).toHaveLength(1);
    await latch.clear('providers');
    expect(await latch.raise('providers', '2026-11-25T06:30:00.000Z')).toBe(true);
  });
});
