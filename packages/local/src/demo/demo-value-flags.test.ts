import { captureView, followFlags } from '@app/core/predictions/value-flags';
import type { ValueBet, ValueFlagEvent } from '@app/core/predictions/prediction';
import { ruleFor, VALUE_RULES } from '@app/model/value-rule';
import { describe, expect, it } from 'vitest';
import { DEMO_LISTED, DEMO_PRICE_SLOT_MS, DemoProvider } from './demo-provider.ts';

const NOW = new Date('2026-11-22T12:00:00Z');

describe('DemoProvider: prices that move during the day', () => {
  it('holds its prices within a half hour and moves them to the next, so the scan sees flags appear and disappear', async () => {
    // Prepare: the fixtures of the week ahead (after tomorrow), scanned every half hour for a day
    const at = (slot: number) => new Date(NOW.getTime() + slot * DEMO_PRICE_SLOT_MS);
    const fixtures = await new DemoProvider({ now: () => NOW }).fixtures('NSP', new Date(NOW.getTime() + 86_400_000), new Date(NOW.getTime() + 7 * 86_400_000));
    expect(fixtures.length).toBeGreaterThan(3);

    // Act
    let state = new Map<string, { valueBets: ValueBet[]; valueHistory: ValueFlagEvent[] }>();
    const firstSlot = await new DemoProvider({ now: () => at(0) }).odds('NSP', fixtures);
    const sameSlot = await new DemoProvider({ now: () => new Date(at(0).getTime() + 10 * 60_000) }).odds('NSP', fixtures);
    const f0prices = (o: typeof firstSlot) => o.get(fixtures[0]!.id)!.quotes!.map((q) => q.prices);
    for (let slot = 0; slot < 48; slot++) {
      const now = at(slot);
      const odds = await new DemoProvider({ now: () => now }).odds('NSP', fixtures);
      state = new Map(
        fixtures.map((f) => {
          const view = captureView(odds.get(f.id)!, now, DEMO_LISTED);
          return [f.id, followFlags(state.get(f.id), view.flags, now)] as const;
        }),
      );
    }

    // Assess: the same prices within a slot, others in the next
    expect(f0prices(sameSlot)).toEqual(f0prices(firstSlot));
    expect(f0prices(await new DemoProvider({ now: () => at(1) }).odds('NSP', fixtures))).not.toEqual(f0prices(firstSlot));
    expect(state.size).toBe(fixtures.length);
    const events = [...state.values()].flatMap((s) => s.valueHistory);
    expect(events.filter((e) => e.event === 'flagged').length).toBeGreaterThan(0);
    expect(events.filter((e) => e.event === 'withdrawn').length).toBeGreaterThan(0);
    // flags in every market the rule in force flags (docs/decisions/0310-a-value-rule-chosen-for-what-a-subscriber-earns.md:
    // 1X2 only, since Over/Under 2.5 found no rule whose closing line value was surely above 0), so a fresh local stack shows them all
    const marketOf = (selection: string) => (selection.endsWith('25') ? 'ou25' : '1x2');
    const flaggedIn = new Set(events.filter((e) => e.event === 'flagged').map((e) => marketOf(e.selection)));
    const ruled = new Set(['home', 'draw', 'away', 'over25', 'under25'].filter((s) => ruleFor(s as ValueBet['market'], VALUE_RULES)).map(marketOf));
    expect([...flaggedIn].sort()).toEqual([...ruled].sort());
    // every flag names a demo book, the quote time and the fair probability it was measured against
    const names = new Set(DEMO_LISTED.map((b) => b.name));
    for (const e of events.filter((x) => x.event !== 'withdrawn')) {
      expect(names.has(e.bookmaker!)).toBe(true);
      expect(e.fairProbability).toBeGreaterThan(0);
      // at least the edge of its market's rule in force, and only in a market that has one
      const rule = ruleFor(e.selection, VALUE_RULES);
      expect(rule).toBeDefined();
      expect(e.edge).toBeGreaterThanOrEqual(rule!.minEdge);
    }
    // every flag's quote is fresh: at most 5 minutes old at the last scan
    const last = at(47).getTime();
    for (const s of state.values()) for (const v of s.valueBets) expect(last - Date.parse(v.quotedAt!)).toBeLessThanOrEqual(5 * 60_000);
  });
});
