import { describe, expect, it } from 'vitest';
import { fixedClock } from '../clock.ts';
import { makeConfigurationGuard, type AlertLatch } from './configuration-guard.ts';

/** The latch's contract, in memory (the DynamoDB one is tested against DynamoDB Local). */
function memoryLatch(): AlertLatch & { raised: Map<string, string> } {
  const raised = new Map<string, string>();
  return {
    raised,
    raise: async (name, at) => (raised.has(name) ? false : (raised.set(name, at), true)),
    clear: async (name) => void raised.delete(name),
  };
}

describe('the configuration guard', () => {
  it('skips every run while the configuration is missing, alarms on the first only, and alarms again after it was fixed and lost', async () => {
    const latch = memoryLatch();
    const said: string[] = [];
    const guard = makeConfigurationGuard({
      latch,
      now: () => fixedClock('2026-11-25T06:00:00Z').now(),
      alarm: (name) => said.push(`alarm ${name}`),
      remind: (name) => said.push(`remind ${name}`),
    });

    expect(await guard.allows('providers', false, 'no key')).toBe(false);
    expect(await guard.allows('providers', false, 'no key')).toBe(false);
    expect(await guard.allows('providers', false, 'no key')).toBe(false);
    expect(said).toEqual(['alarm providers', 'remind providers', 'remind providers']);
    expect(latch.raised.get('providers')).toBe('2026-11-25T06:00:00.000Z');

    expect(await guard.allows('providers', true, 'no key')).toBe(true);
    expect(latch.raised.size).toBe(0);
    expect(await guard.allows('providers', false, 'no key')).toBe(false);
    expect(said.at(-1)).toBe('alarm providers');
  });
});
