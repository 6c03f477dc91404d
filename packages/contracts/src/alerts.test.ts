import { describe, expect, it } from 'vitest';
import { AlertSettingsSchema } from './alerts.ts';

const valid = { frequency: 'off', leagues: [], minEdge: 5, bookmakers: [], markets: ['1x2'] };

describe('AlertSettingsSchema', () => {
  it('takes a bankroll in dollars and a stake plan, both optional', () => {
    expect(AlertSettingsSchema.parse(valid)).toEqual(valid);
    expect(AlertSettingsSchema.parse({ ...valid, bankroll: 500, stakePlan: 'kelly' })).toMatchObject({ bankroll: 500, stakePlan: 'kelly' });
  });

  it('refuses a bankroll out of range or not a number, and an unknown plan, each with a message', () => {
    for (const [bad, message] of [
      [{ ...valid, bankroll: 5 }, 'at least $10'],
      [{ ...valid, bankroll: 2_000_000 }, 'at most $1,000,000'],
      [{ ...valid, bankroll: '500' }, 'number of dollars'],
      [{ ...valid, stakePlan: 'martingale' }, 'flat or kelly'],
    ] as const) {
      const result = AlertSettingsSchema.safeParse(bad);
      expect(result.success, JSON.stringify(bad)).toBe(false);
      expect(result.error?.issues[0]?.message).toContain(message);
    }
  });
});
