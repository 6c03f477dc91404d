import { describe, expect, it } from 'vitest';
import type { UserRecord } from '../auth/user.ts';
import { fixedClock } from '../clock.ts';
import type { EmailRequest } from '../email/ports.ts';
import { ForbiddenError } from '../errors.ts';
import type { JobRecord } from '../pipeline/ports.ts';
import type { StoredPrediction } from '../predictions/prediction.ts';
import { InMemoryAlertStore } from '../testing/in-memory-alerts.ts';
import { DEFAULT_ALERTS, InvalidUnsubscribeTokenError, makeAlertDispatcher, makeAlertService, matchingBets } from './service.ts';

// Saturday 22 November 2026, 06:30 UTC; the run finished at 06:20.
const clock = fixedClock('2026-11-22T06:30:00Z');
const run = (finishedAt = '2026-11-22T06:20:00.000Z'): JobRecord => ({ id: 'RUN1', type: 'generate', status: 'done', requestedBy: 'schedule', tasks: [], total: 3, done: 3, failed: 0, createdAt: finishedAt, finishedAt });

function prediction(fixtureId: string, leagueId: string, valueBets: StoredPrediction['valueBets'], bookmaker = 'Velox'): StoredPrediction {
  return {
    id: fixtureId, fixtureId, leagueId, leagueName: leagueId, homeTeam: 'Rovers', awayTeam: 'United', kickoff: '2026-11-23T15:00:00.000Z',
    probabilities: { home: 0.5, draw: 0.3, away: 0.2 }, overUnder25: { over: 0.5, under: 0.5 }, valueBets, bestBookmakers: { home: bookmaker, over25: bookmaker, away: bookmaker },
    modelVersion: 'm', generatedAt: '2026-11-22T06:10:00.000Z', origin: 'published', status: 'scheduled',
  };
}
const predictions = [
  prediction('f1', 'E0', [{ market: 'home', odds: 2.4, edge: 0.08 }]),
  prediction('f2', 'SP1', [{ market: 'over25', odds: 2.1, edge: 0.06 }], 'Fortuna'),
  prediction('f3', 'E0', [{ market: 'away', odds: 5.0, edge: 0.03 }]),
];

const user = (id: string, premium = true): UserRecord => ({
  id, email: `${id}@example.com`, passwordHash: 'x', role: 'user', createdAt: '2026-01-01T00:00:00.000Z', emailVerifiedAt: '2026-01-01T00:00:00.000Z',
  subscriptions: premium ? { sub1: { id: 'sub1', status: 'active', cancelAt: null, currentPeriodEnd: Math.floor(Date.parse('2026-12-20T00:00:00Z') / 1000), syncedAt: '2026-11-20T00:00:00.000Z' } } : {},
});

function setup() {
  const store = new InMemoryAlertStore();
  const sent: EmailRequest[] = [];
  const users = new Map([['prem', user('prem')], ['prem2', user('prem2')], ['free', user('free', false)], ['paused', { ...user('paused'), breakUntil: '2026-11-29T06:00:00.000Z' }]]);
  const dispatcher = (finishedAt?: string) =>
    makeAlertDispatcher({
      store,
      users: { get: async (id) => users.get(id) },
      predictions: { listByKickoff: async () => predictions },
      requestEmail: async (r) => void sent.push(r),
      latestGeneration: async () => run(finishedAt),
      clock,
    });
  return { store, sent, dispatcher };
}

const on = { ...DEFAULT_ALERTS, frequency: 'daily' as const, updatedAt: '2026-11-20T00:00:00.000Z' };

describe('value-bet alerts', () => {
  it('matches value bets by league, minimum edge, bookmaker and market, best edge first', () => {
    expect(matchingBets(predictions, { ...on, minEdge: 5 }).map((b) => b.fixtureId)).toEqual(['f1', 'f2']);
    expect(matchingBets(predictions, { ...on, minEdge: 0, leagues: ['E0'] }).map((b) => b.fixtureId)).toEqual(['f1', 'f3']);
    expect(matchingBets(predictions, { ...on, minEdge: 0, bookmakers: ['Fortuna'] }).map((b) => b.fixtureId)).toEqual(['f2']);
    expect(matchingBets(predictions, { ...on, minEdge: 0, markets: ['ou25'] }).map((b) => b.selection)).toEqual(['over25']);
  });

  it('sends one digest per premium user per run, none to free users or silenced ones, and never twice', async () => {
    const { store, sent, dispatcher } = setup();
    for (const id of ['prem', 'free', 'paused']) await store.put(id, on);
    await store.put('prem2', { ...on, leagues: ['I1'] });
    expect(await dispatcher().dispatch()).toBe('alerts: 1 digest(s) for run RUN1');
    expect(sent).toEqual([{ template: 'value-alert', userId: 'prem', bets: [{ fixtureId: 'f1', selection: 'home' }, { fixtureId: 'f2', selection: 'over25' }] }]);
    // A retried or repeated dispatch of the same run sends nothing more.
    expect(await dispatcher().dispatch()).toBe('alerts: 0 digest(s) for run RUN1');
    expect(sent).toHaveLength(1);
  });

  it('sends the weekly digest on the Monday run only', async () => {
    const { store, sent, dispatcher } = setup();
    await store.put('prem', { ...on, frequency: 'weekly' });
    await dispatcher().dispatch();
    expect(sent).toHaveLength(0);
    await dispatcher('2026-11-23T06:20:00.000Z').dispatch();
    expect(sent).toHaveLength(1);
  });

  it('keeps settings for premium users only, and turns alerts off with a signed link, without a session', async () => {
    const store = new InMemoryAlertStore();
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
    const saved = await service.put(viewer, { frequency: 'daily', leagues: ['E0', 'E0'], minEdge: 4, bookmakers: [], markets: ['ou25', '1x2'] });
    expect(saved.settings).toEqual({ frequency: 'daily', leagues: ['E0'], minEdge: 4, bookmakers: [], markets: ['1x2', 'ou25'] });
    expect(saved.options).toEqual({ leagues: [{ id: 'E0', name: 'Premier League' }], bookmakers: ['Fortuna', 'Velox'] });
    await expect(service.unsubscribe('prem.forged')).rejects.toBeInstanceOf(InvalidUnsubscribeTokenError);
    await service.unsubscribe('prem.sig');
    expect((await store.get('prem'))?.frequency).toBe('off');
  });
});
