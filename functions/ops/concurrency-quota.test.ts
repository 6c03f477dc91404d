import { describe, expect, it } from 'vitest';
import { concurrencyNeed, quotaProblems, UNRESERVED_MINIMUM, type Template } from './concurrency-quota.ts';

const fn = (reserved?: number) => ({ Type: 'AWS::Lambda::Function', Properties: reserved ? { ReservedConcurrentExecutions: reserved } : {} });
const source = (max?: number) => ({ Type: 'AWS::Lambda::EventSourceMapping', Properties: max ? { ScalingConfig: { MaximumConcurrency: max } } : {} });
const templates: Template[] = [{ Resources: { A: fn(30), B: fn(), C: source(20), D: source(2) } }, { Resources: { E: fn(5), F: source(2) } }, {}];

describe('the concurrency a stage asks of its account', () => {
  it('adds up the reservations and the queue consumers of every template', () => {
    expect(concurrencyNeed(templates)).toEqual({ reserved: 35, queueConsumers: 24, unbounded: 0 });
  });

  it("refuses a new account's quota of 10 and names what to ask for", () => {
    const problems = quotaProblems({ limit: 10, unreserved: 10, reservedByStage: 0 }, concurrencyNeed(templates));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/quota is 10: .* Ask for at least 159/);
  });

  it('passes at 1,000, counting what the stage already reserves once (a redeploy), and what other functions reserve', () => {
    const need = concurrencyNeed(templates);
    expect(quotaProblems({ limit: 1000, unreserved: 965, reservedByStage: 35 }, need)).toEqual([]);
    // Exactly enough: 35 reserved + 100 kept + 24 for the consumers, with 841 reserved by others.
    expect(quotaProblems({ limit: 1000, unreserved: 159, reservedByStage: 0 }, need)).toEqual([]);
    expect(quotaProblems({ limit: 1000, unreserved: 158, reservedByStage: 0 }, need)).toHaveLength(1);
    expect(UNRESERVED_MINIMUM).toBe(100);
  });

  it('refuses an SQS event source without a maximum concurrency', () => {
    expect(quotaProblems({ limit: 1000, unreserved: 1000, reservedByStage: 0 }, concurrencyNeed([{ Resources: { S: source() } }]))).toEqual([
      '1 SQS event source(s) without a maximum concurrency: each could take every unreserved execution.',
    ]);
  });
});
