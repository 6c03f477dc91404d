import { describe, expect, it } from 'vitest';
import { clockFrom } from './clock.ts';

describe('clockFrom', () => {
  it('starts at the given instant and runs forward by the elapsed time', () => {
    let elapsed = 5_000;
    const clock = clockFrom('2026-06-17T10:30:00.000Z', () => elapsed);
    expect(clock.now().toISOString()).toBe('2026-06-17T10:30:00.000Z');
    elapsed += 90_000;
    expect(clock.now().toISOString()).toBe('2026-06-17T10:31:30.000Z');
  });

  it('refuses a start that is not a date', () => {
    expect(() => clockFrom('next tuesday')).toThrow("Not a date: 'next tuesday'");
  });
});
