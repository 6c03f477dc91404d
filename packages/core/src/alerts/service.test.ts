import { describe, expect, it } from 'vitest';
import { fixedClock } from '../clock.ts';
import { ForbiddenError } from '../errors.ts';
import type { RecordedEntry } from '../ledger/entry.ts';
import type { JobRecord } from '../pipeline/ports.ts';
import type { StoredPrediction } from '../predictions/prediction.ts';
import { InMemoryAlertRepository } from '../testing/in-memory-alerts.ts';
import type { NewValueFlags } from './ports.ts';
import { DEFAULT_ALERTS, InvalidUnsubscribeTokenError, makeAlertDispatcher, makeAlertService, scanFlagSet } from './service.ts';

// Saturday 22 November 2026, 06:30 UTC; the run started at 06:00 and finished at 06:20.
const clock = fixedClock('2026-11-22T06:30:00Z');
const run = (finishedAt = '2026-11-22T06:20:00.000Z'): JobRecord => ({
  id: 'RUN1',
  type: 'generate',
  status: 'done',
  requestedBy: 'schedule',
  tasks: [],
  total: 3,
  done: 3,
  failed: 0,
  createdAt: '2026-11-22T06:00:00.000Z',
  finishedAt,
});

function prediction(fixtureId: string, leagueId: string, valueBets: StoredPrediction['valueBets'], bookmaker = 'Velox'): StoredPrediction {
  return {
    id: fixtureId,
    fixtureId,
    leagueId,
    leagueName: leagueId,
    homeTeam: 'Rovers',
    awayTeam: 'United',
    kickoff: '2026-11-23T15:00:00.000Z',
    probabilities: { home: 0.5, draw: 0.3, away: 0.2 },
    overUnder25: { over: 0.5, under: 0.5 },
    valueBets,
    bestBookmakers: { home: bookmaker, over25: bookmaker, away: bookmaker },
    modelVersion: 'm',
    generatedAt: '2026-11-22T06:10:00.000Z',
    origin: 'published',
    status: 'scheduled',
  };
}
const predictions = [
  prediction('f1', 'E0', [{ market: 'home', odds: 2.4, edge: 0.08 }]),
  prediction('f2', 'SP1', [{ market: 'over25', odds: 2.1, edge: 0.06 }], 'Fortuna'),
  prediction('f3', 'E0', [{ market: 'away', odds: 5.0, edge: 0.03 }]),
];
/** Value entries of the ledger: f1 first flagged by this run, f2 by yesterday's. */
const entry = (fixtureId: string, selection: 'home' | 'over25', recordedAt: string, price: number, probability: number): RecordedEntry => ({
  id: `${fixtureId}~value-${selection}`,
  fixtureId,
  leagueId: 'E0',
  leagueName: 'E0',
  homeTeam: 'Rovers',
  awayTeam: 'United',
  kickoff: '2026-11-23T15:00:00.000Z',
  basis: 'published',
  kind: 'value',
  market: selection === 'home' ? '1x2' : 'ou25',
  selection,
  probability,
  fairProbability: 0.4,
  price,
  bookmaker: 'Velox',
  stakeFlat: 1,
  stakeKelly: 1,
  modelVersion: 'm',
  forecastAt: recordedAt,
  recordedAt,
  corrections: [],
});
const entries = [entry('f1', 'home', '2026-11-22T06:10:00.000Z', 2.4, 0.45), entry('f2', 'over25', '2026-11-21T06:10:00.000Z', 2.1, 0.505)];

function dispatcher(finishedAt?: string) {
  const announced: NewValueFlags[] = [];
  const seen = new Set<string>();
  const d = makeAlertDispatcher({
    predictions: { listByKickoff: async () => predictions },
    ledger: { listByKickoff: async () => entries },
    announce: async (set) => {
      if (seen.has(set.id)) return false;
      seen.add(set.id);
      announced.push(set);
      return true;
    },
    latestGeneration: async () => run(finishedAt),
    clock,
  });
  return { d, announced };
}

describe('value-bet alert dispatch after a generation run', () => {
  it("announces the run's new flags as they appear and the coming week's value bets to the daily digest, once per run", async () => {
    const { d, announced } = dispatcher();
    expect(await d.dispatch()).toBe('alerts: announced realtime (1 flag(s)), daily (3 flag(s)) for run RUN1');
    expect(announced.map((s) => [s.id, s.frequency, s.flags.map((f) => f.fixtureId)])).toEqual([
      ['run:RUN1', 'realtime', ['f1']],
      ['daily:RUN1', 'daily', ['f1', 'f2', 'f3']],
    ]);
    // The flag carries the price, the bookmaker, the edge on our probability and when the ledger first recorded it.
    expect(announced[0]!.flags[0]).toEqual({
      fixtureId: 'f1',
      leagueId: 'E0',
      market: '1x2',
      selection: 'home',
      price: 2.4,
      bookmaker: 'Velox',
      edge: expect.closeTo(0.08, 6),
      flaggedAt: '2026-11-22T06:10:00.000Z',
    });
    expect(announced[1]!.flags[1]).toMatchObject({ fixtureId: 'f2', market: 'ou25', selection: 'over25', price: 2.1, bookmaker: 'Fortuna', edge: 0.06 });
    // The metrics task runs again after each results run: nothing is announced twice.
    expect(await d.dispatch()).toBe('alerts: nothing new for run RUN1');
    expect(announced).toHaveLength(2);
  });

  it('adds the weekly digest on the Monday run only', async () => {
    const { d, announced } = dispatcher('2026-11-23T06:20:00.000Z');
    await d.dispatch();
    expect(announced.map((s) => s.id)).toEqual(['run:RUN1', 'daily:RUN1', 'weekly:RUN1']);
  });
});

describe('alert settings', () => {
  it('keeps settings for premium users only (with the daily cap), and turns alerts off with a signed link, without a session', async () => {
    const store = new InMemoryAlertRepository();
    const service = makeAlertService({
      store,
      leagues: { listActive: async () => [{ id: 'E0', name: 'Premier League', country: 'England' }] },
      predictions: { listByKickoff: async () => predictions },
      tokens: { sign: (id) => `${id}.sig`, verify: (t) => (t === 'prem.sig' ? 'prem' : null) },
      clock,
    });
    const viewer = { userId: 'prem', email: 'prem@example.com', role: 'user' as const, subscriptionStatus: 'premium' as const };
    await expect(service.get({ ...viewer, subscriptionStatus: 'free' })).rejects.toBeInstanceOf(ForbiddenError);
    expect((await service.get(viewer)).settings).toEqual(DEFAULT_ALERTS);
    const saved = await service.put(viewer, { frequency: 'realtime', leagues: ['E0', 'E0'], minEdge: 4, bookmakers: [], markets: ['ou25', '1x2'] });
    // Without a cap, the default one.
    expect(saved.settings).toEqual({ frequency: 'realtime', leagues: ['E0'], minEdge: 4, bookmakers: [], markets: ['1x2', 'ou25'], maxPerDay: 5 });
    expect(saved.options).toEqual({ leagues: [{ id: 'E0', name: 'Premier League' }], bookmakers: ['Fortuna', 'Velox'] });
    expect((await service.put(viewer, { ...saved.settings, maxPerDay: 2 })).settings.maxPerDay).toBe(2);
    // the bankroll and stake plan the flags' stakes follow are kept with the rest, and an unsubscribe leaves them
    await service.put(viewer, { ...saved.settings, bankroll: 2500, stakePlan: 'kelly' });
    expect((await service.get(viewer)).settings).toMatchObject({ bankroll: 2500, stakePlan: 'kelly' });
    await expect(service.unsubscribe('prem.forged')).rejects.toBeInstanceOf(InvalidUnsubscribeTokenError);
    await service.unsubscribe('prem.sig');
    expect((await store.get('prem'))?.frequency).toBe('off');
    expect(await store.get('prem')).toMatchObject({ bankroll: 2500, stakePlan: 'kelly' });
  });
});

describe('the flags an odds scan raised first', () => {
  it('are one realtime set named for the scan, at the price, bookmaker and time of the flag', () => {
    const at = new Date('2026-11-22T14:05:00.000Z');
    const flagged = { ...prediction('f1', 'E0', [{ market: 'home', odds: 2.5, edge: 0.07, bookmaker: 'Northbet', flaggedAt: at.toISOString() }]) };
    expect(scanFlagSet(at, [flagged])).toEqual({
      id: 'scan:2026-11-22T14:05:00.000Z',
      frequency: 'realtime',
      flags: [
        { fixtureId: 'f1', leagueId: 'E0', market: '1x2', selection: 'home', price: 2.5, bookmaker: 'Northbet', edge: 0.07, flaggedAt: at.toISOString() },
      ],
    });
  });

  it('are no set at all when the scan raised none', () => {
    expect(scanFlagSet(new Date('2026-11-22T14:05:00.000Z'), [])).toBeUndefined();
  });
});
