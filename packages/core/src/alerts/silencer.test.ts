import { describe, expect, it } from 'vitest';
import type { Protections } from '../responsible-gambling/protection.ts';
import { protectionSilencer } from './silencer.ts';

const now = new Date('2026-03-14T10:00:00.000Z');

describe('the alert silencer', () => {
  it('silences alerts while a break or a self-exclusion runs, and for an account that is gone', async () => {
    const users: Record<string, Protections & { id: string }> = {
      free: { id: 'free' },
      resting: { id: 'resting', breakUntil: '2026-03-15T10:00:00.000Z' },
      excluded: { id: 'excluded', selfExcludedUntil: '2026-09-14T10:00:00.000Z' },
    };
    const silencer = protectionSilencer({ get: async (id: string) => users[id] as never });
    expect(await silencer.isSilenced('free', now)).toBe(false);
    expect(await silencer.isSilenced('resting', now)).toBe(true);
    expect(await silencer.isSilenced('resting', new Date('2026-03-15T10:00:00.000Z'))).toBe(false);
    expect(await silencer.isSilenced('excluded', now)).toBe(true);
    expect(await silencer.isSilenced('deleted', now)).toBe(true);
  });
});
