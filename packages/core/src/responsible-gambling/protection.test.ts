import { describe, expect, it } from 'vitest';
import { breakEnd, mayStartBreak, selfExclusionEnd } from './protection.ts';

const now = new Date('2026-03-14T10:00:00.000Z');

describe('break and self-exclusion rules', () => {
  it('a break lasts 24 hours, 7 days or 30 days from the moment it is taken', () => {
    expect(breakEnd(now, '24h').toISOString()).toBe('2026-03-15T10:00:00.000Z');
    expect(breakEnd(now, '7d').toISOString()).toBe('2026-03-21T10:00:00.000Z');
    expect(breakEnd(now, '30d').toISOString()).toBe('2026-04-13T10:00:00.000Z');
  });

  it('a self-exclusion lasts six calendar months, ending on the last day of a shorter month', () => {
    expect(selfExclusionEnd(now).toISOString()).toBe('2026-09-14T10:00:00.000Z');
    expect(selfExclusionEnd(new Date('2026-08-31T23:30:00.000Z')).toISOString()).toBe('2027-02-28T23:30:00.000Z');
    expect(selfExclusionEnd(new Date('2027-08-31T08:00:00.000Z')).toISOString()).toBe('2028-02-29T08:00:00.000Z');
  });

  it('a break can be extended but never shortened; after it ended any break may start', () => {
    const onWeek = { breakUntil: breakEnd(now, '7d').toISOString() };
    expect(mayStartBreak(onWeek, breakEnd(now, '24h'), now)).toBe(false);
    expect(mayStartBreak(onWeek, breakEnd(now, '7d'), now)).toBe(false);
    expect(mayStartBreak(onWeek, breakEnd(now, '30d'), now)).toBe(true);
    const later = new Date('2026-03-22T00:00:00.000Z');
    expect(mayStartBreak(onWeek, breakEnd(later, '24h'), later)).toBe(true);
  });
});
