import { describe, expect, it } from 'vitest';
import { KEEP_VERSIONS, recordOf, RollbackError, rollbackPlan, versionsToPrune } from './alias-rollback.ts';

const NOW = new Date('2026-11-27T20:00:00Z');

describe('recording the live versions before a deploy', () => {
  it("keeps each function's version, sorted", () => {
    expect(recordOf('prod', { 'fp-prod-B': { version: '7' }, 'fp-prod-A': { version: '3' } }, NOW)).toEqual({
      stage: 'prod',
      recordedAt: '2026-11-27T20:00:00.000Z',
      live: { 'fp-prod-A': '3', 'fp-prod-B': '7' },
    });
  });

  it('refuses a stage whose traffic is still shifting (no single version to come back to)', () => {
    expect(() => recordOf('prod', { 'fp-prod-A': { version: '3', weights: { '4': 0.1 } } }, NOW)).toThrow(RollbackError);
    expect(() => recordOf('prod', { 'fp-prod-A': { version: '3', weights: { '4': 0.1 } } }, NOW)).toThrow(/shifting traffic on fp-prod-A/);
  });
});

describe('rolling the aliases back after a failed smoke test', () => {
  const record = recordOf(
    'prod',
    { 'fp-prod-A': { version: '3' }, 'fp-prod-B': { version: '7' }, 'fp-prod-C': { version: '1' }, 'fp-prod-Old': { version: '2' } },
    NOW,
  );

  it('moves every function the deploy moved back to its recorded version, including one caught mid-shift, and leaves the rest', () => {
    const plan = rollbackPlan(record, {
      'fp-prod-A': { version: '4' },
      'fp-prod-B': { version: '7' },
      'fp-prod-C': { version: '1', weights: { '2': 0.1 } },
      'fp-prod-New': { version: '1' },
    });
    expect(plan.steps).toEqual([
      { fn: 'fp-prod-A', from: '4', to: '3' },
      { fn: 'fp-prod-C', from: '1', to: '1' },
    ]);
    expect(plan.created).toEqual(['fp-prod-New']);
    expect(plan.gone).toEqual(['fp-prod-Old']);
  });

  it('does nothing when nothing moved', () => {
    expect(rollbackPlan(record, { 'fp-prod-A': { version: '3' }, 'fp-prod-B': { version: '7' } }).steps).toEqual([]);
  });
});

describe('pruning the versions CloudFormation leaves behind', () => {
  const versions = ['$LATEST', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12'];

  it(`keeps the ${KEEP_VERSIONS} newest (by number, not by text), the live one and a recorded rollback point; deletes the rest, oldest first`, () => {
    expect(versionsToPrune(versions, { version: '12' }, KEEP_VERSIONS, ['3'])).toEqual(['1', '2', '4', '5', '6', '7']);
  });

  it('never deletes what the alias points or shifts to, even when it is old', () => {
    expect(versionsToPrune(versions, { version: '2', weights: { '4': 0.1 } }, 3)).toEqual(['1', '3', '5', '6', '7', '8', '9']);
  });

  it('deletes nothing while a function has no more versions than it keeps, and refuses to keep none', () => {
    expect(versionsToPrune(['$LATEST', '1', '2'], { version: '2' }, KEEP_VERSIONS)).toEqual([]);
    expect(() => versionsToPrune(versions, { version: '12' }, 0)).toThrow(RollbackError);
  });
});
