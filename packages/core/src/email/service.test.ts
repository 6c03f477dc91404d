import { describe, expect, it } from 'vitest';
import { DAY_MS, fixedClock } from '../clock.ts';
import type { UserRecord } from '../account/user.ts';
import type { StoredPrediction } from '../predictions/prediction.ts';
import type { EmailMessage } from './ports.ts';
import { makeMailService } from './service.ts';

// The email consumer's re-check of a value-bet alert at sending time: a request queued earlier, or
// delivered again, reaches only a user who still wants it and may have it.

const clock = fixedClock('2026-11-22T07:00:00Z');
const periodEnd = Date.parse('2026-12-20T00:00:00Z') / 1000;

/** A confirmed premium subscriber with alerts on. */
const subscriber = (changes: Partial<UserRecord> = {}): UserRecord => ({
  id: 'u1',
  email: 'ana@example.com',
  passwordHash: 'x',
  role: 'user',
  createdAt: '2026-01-01T00:00:00.000Z',
  emailVerifiedAt: '2026-01-01T00:00:00.000Z',
  subscriptions: { sub_A: { id: 'sub_A', status: 'active', cancelAt: null, currentPeriodEnd: periodEnd, syncedAt: '2026-11-20T00:00:00Z' } },
  ...changes,
});

const prediction = {
  fixtureId: 'f1',
  homeTeam: 'Rovers',
  awayTeam: 'United',
  leagueName: 'Demo League',
  kickoff: new Date(clock.now().getTime() + DAY_MS).toISOString(),
  valueBets: [{ market: 'home', odds: 2.18, edge: 0.09 }],
} as unknown as StoredPrediction;

function send(user: UserRecord, options: { settings?: { bankroll?: number; stakePlan?: 'flat' | 'kelly' }; bets?: { fixtureId: string }[] } = {}) {
  const sent: EmailMessage[] = [];
  const skipped: unknown[] = [];
  const mail = makeMailService({
    users: { get: async (id) => (id === user.id ? user : undefined), getByEmail: async () => undefined },
    tokens: { issue: async () => 'token' },
    messages: { get: async () => undefined },
    sender: { send: async (m) => void sent.push(m) },
    suppressions: { isSuppressed: async () => false },
    templates: { appOrigin: 'http://localhost:3000', productName: 'Football Predictions' },
    supportAddress: 'support@example.com',
    clock,
    alerts: {
      store: { get: async () => ({ frequency: 'realtime', ...options.settings }), markSent: async () => true, unmarkSent: async () => {} },
      predictions: {
        get: async (id) => (id === 'f1' ? prediction : undefined),
        getValueOnly: async (id) => (id === 'vo1' ? { ...prediction, fixtureId: 'vo1', leagueName: 'Bundesliga', valueOnly: true } : undefined),
      },
      tokens: { sign: () => 'unsubscribe' },
    },
    log: (message, detail) => void skipped.push(detail?.reason),
  });
  return mail
    .deliver({
      template: 'value-alert',
      userId: user.id,
      kind: 'realtime',
      setId: 'run:1',
      bets: (options.bets ?? [{ fixtureId: 'f1' }]).map(({ fixtureId }) => ({ fixtureId, selection: 'home' as const, odds: 2.18, edge: 0.09 })),
    })
    .then(() => ({ sent: sent.map((m) => m.to), skipped, texts: sent.map((m) => m.text) }));
}

describe('value-bet alert at sending time', () => {
  it('reaches a confirmed premium subscriber with alerts on', async () => {
    expect(await send(subscriber())).toMatchObject({ sent: ['ana@example.com'], skipped: [] });
  });

  it('is not sent to a user who is no longer premium (a delayed or replayed request)', async () => {
    const lapsed = subscriber({
      subscriptions: { sub_A: { id: 'sub_A', status: 'canceled', cancelAt: null, currentPeriodEnd: periodEnd, syncedAt: '2026-11-21T00:00:00Z' } },
    });
    expect(await send(lapsed)).toMatchObject({ sent: [], skipped: ['no longer premium'] });
  });

  it('is not sent to an address nobody has confirmed', async () => {
    expect(await send(subscriber({ emailVerifiedAt: undefined }))).toMatchObject({ sent: [], skipped: ['address not confirmed'] });
  });

  it("carries each flag's suggested stake under the subscriber's plan and bankroll (docs/decisions/0320-a-stake-on-every-flag.md)", async () => {
    // 2.18 at a 9 % edge: a fair probability of 1.09 / 2.18 = 0.5, quarter-Kelly 100 x 0.25 x 0.09 / 1.18 = 1.91 units
    const kelly = await send(subscriber(), { settings: { bankroll: 2500, stakePlan: 'kelly' } });
    expect(kelly.texts[0]).toContain('Home Win @ 2.18, +9.0 % expected value against the sharp fair price; stake $47.75 (1.9 % of $2,500, quarter-Kelly)');
    const flat = await send(subscriber());
    expect(flat.texts[0]).toContain('; stake 1.0 % of your bankroll (flat)');
  });

  it('announces a flag of a league without history, linking to the flags (it has no match page: docs/decisions/0312-value-flags-in-every-league-with-a-sharp-price.md)', async () => {
    const { texts } = await send(subscriber(), { bets: [{ fixtureId: 'vo1' }] });
    expect(texts[0]).toContain('Rovers v United (Bundesliga,');
    expect(texts[0]).toContain('http://localhost:3000/predictions?value=only');
  });
});
