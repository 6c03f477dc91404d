import { describe, expect, it } from 'vitest';
import { activeBreakUntil, activeExclusionUntil, isProtected } from './protection.ts';

const now = new Date('2026-03-14T10:00:00.000Z');

describe('break and self-exclusion rules', () => {
  it('is active until its end and not a millisecond after', () => {
    const user = { breakUntil: '2026-03-15T10:00:00.000Z', selfExcludedUntil: '2026-09-14T10:00:00.000Z' };
    expect(activeBreakUntil(user, now)).toBe(user.breakUntil);
    expect(activeBreakUntil(user, new Date('2026-03-15T09:59:59.999Z'))).toBe(user.breakUntil);
    expect(activeBreakUntil(user, new Date('2026-03-15T10:00:00.000Z'))).toBeUndefined();
    expect(activeExclusionUntil(user, new Date('2026-09-14T09:59:59.999Z'))).toBe(user.selfExcludedUntil);
    expect(activeExclusionUntil(user, new Date('2026-09-14T10:00:00.000Z'))).toBeUndefined();
    expect(activeBreakUntil({}, now)).toBeUndefined();
  });

  it('protects the account (no alert, no acknowledgement) while a break or a self-exclusion runs, and not after', () => {
    expect(isProtected({}, now)).toBe(false);
    expect(isProtected({ breakUntil: '2026-03-15T10:00:00.000Z' }, now)).toBe(true);
    expect(isProtected({ breakUntil: '2026-03-15T10:00:00.000Z' }, new Date('2026-03-15T10:00:00.000Z'))).toBe(false);
    expect(isProtected({ selfExcludedUntil: '2026-09-14T10:00:00.000Z' }, now)).toBe(true);
  });
});
