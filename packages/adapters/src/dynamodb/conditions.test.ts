import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { conditionalWrite, isConditionalCheckFailed } from './conditions.ts';

const conditionFailed = () => new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} });
const cancelled = (...codes: string[]) =>
  new TransactionCanceledException({ message: 'Transaction cancelled', $metadata: {}, CancellationReasons: codes.map((Code) => ({ Code })) });

describe('conditional writes', () => {
  it("recognise a single write's failed condition and a transaction cancelled by one of its conditions", () => {
    expect(isConditionalCheckFailed(conditionFailed())).toBe(true);
    expect(isConditionalCheckFailed(Object.assign(new Error('from another copy of the SDK'), { name: 'ConditionalCheckFailedException' }))).toBe(true);
    expect(isConditionalCheckFailed(cancelled('None', 'ConditionalCheckFailed'))).toBe(true);
  });

  it('are not confused with any other failure', () => {
    expect(isConditionalCheckFailed(cancelled('None', 'TransactionConflict'))).toBe(false);
    expect(isConditionalCheckFailed(new Error('ProvisionedThroughputExceededException'))).toBe(false);
    expect(isConditionalCheckFailed('ConditionalCheckFailedException')).toBe(false);
    expect(isConditionalCheckFailed(undefined)).toBe(false);
  });

  it('answer true when written, false when the condition failed, and rethrow anything else', async () => {
    expect(await conditionalWrite(Promise.resolve({}))).toBe(true);
    expect(await conditionalWrite(Promise.reject(conditionFailed()))).toBe(false);
    expect(await conditionalWrite(Promise.reject(cancelled('ConditionalCheckFailed')))).toBe(false);
    const throttled = new Error('Rate exceeded');
    await expect(conditionalWrite(Promise.reject(throttled))).rejects.toBe(throttled);
  });
});
