// Response contracts kept (docs/decisions/0180-response-contracts-kept.md): one row per route of
// routes.ts in functions/test/response-contracts.ts, every row's call answered 2xx and parsed with its
// schema by the harness, and an answer with a field the contract does not name refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoPredictionRepository } from '@app/adapters/dynamodb/prediction-repository';
import { DynamoSeasonRepository } from '@app/adapters/dynamodb/season-repository';
import { HmacUnsubscribeTokens } from '@app/adapters/crypto/hmac-unsubscribe-tokens';
import { stripeSignedHeader } from '@app/adapters/stripe/testing/sdk-signature';
import { DAY_MS, fixedClock } from '@app/core/clock';
import { entryId } from '@app/core/ledger/entry';
import type { StoredPrediction } from '@app/core/predictions/prediction';
import { ResponseContractError } from '@app/contracts/response-contract';
import { storePlayed } from '@app/core/testing/ledger-entries';
import { routeKey, routes } from '../routes.ts';
import { PASSWORD, startHttpStack, type TestClient } from '../../test/http-harness.ts';
import { responseContracts, routesWithoutContract, type ContractWorld } from '../../test/response-contracts.ts';

const clock = fixedClock('2026-11-22T12:00:00Z');
const NOW = clock.now().getTime();
let stack: Awaited<ReturnType<typeof startHttpStack>>;
let world: ContractWorld;

function match(id: string, kickoffMs: number, overrides: Partial<StoredPrediction> = {}): StoredPrediction {
  return {
    id,
    fixtureId: id,
    leagueId: 'L1',
    leagueName: 'League One',
    homeTeam: `H${id}`,
    awayTeam: `A${id}`,
    kickoff: new Date(kickoffMs).toISOString(),
    probabilities: { home: 0.66, draw: 0.2, away: 0.14 },
    overUnder25: { over: 0.45, under: 0.55 },
    market: { home: 0.62, draw: 0.24, away: 0.14, over25: 0.45 },
    insights: { expectedGoals: { home: 1.7, away: 0.8 }, bothTeamsToScore: 0.41, topScores: [{ home: 1, away: 0, probability: 0.14 }] },
    valueBets: [{ market: 'home', odds: 1.75, edge: 0.155 }],
    bestOdds: { home: 1.75, draw: 4, away: 7 },
    bestBookmakers: { home: 'Velox' },
    modelVersion: 'm@2026-11-01',
    generatedAt: new Date(kickoffMs - DAY_MS / 2).toISOString(),
    ...overrides,
  };
}

beforeAll(async () => {
  stack = await startHttpStack({}, { clock });
  const repo = new DynamoPredictionRepository(stack.table.doc, stack.table.tableName);
  // A match ahead, and settled ones of both bases with a closing price, then what the metrics job stores.
  await repo.save({ ...match('ahead', NOW + DAY_MS), origin: 'published', status: 'scheduled' });
  const closing = { sharp: { home: 1.7, draw: 4.1, away: 7.5 }, capturedAt: new Date(NOW).toISOString() };
  for (const [i, basis] of (['published', 'published', 'backtest'] as const).entries()) {
    await storePlayed(repo, match(`p${i}`, NOW - (i + 1) * DAY_MS, { result: { home: 2, away: 0 }, actualResult: '2-0 (Home Win)' }), { basis, closing });
  }
  // A season simulation of League One (what the pipeline's season step stores), and its clubs' index.
  const teams = ['Hp0', 'Ap0'].map((team, i) => ({
    team,
    slug: team.toLowerCase(),
    points: { mean: 60 - i * 10, p10: 50 - i * 10, p90: 70 - i * 10 },
    position: i ? [30, 70] : [70, 30],
    title: i ? 30 : 70,
    top4: 100,
    relegation: 0,
  }));
  await new DynamoSeasonRepository(stack.table.doc, stack.table.tableName).save(
    {
      leagueId: 'L1',
      season: '2026-27',
      simulations: 10_000,
      generatedAt: new Date(NOW).toISOString(),
      teams,
      basis: { day: '2026-11-22', played: 0, remaining: 2, fittedAt: '2026-11-22' },
    },
    { leagueId: 'L1', season: '2026-27', date: '2026-11-22', teams: teams.map(({ slug, title, top4, relegation }) => ({ slug, title, top4, relegation })) },
    teams.map(({ team, slug }) => ({ team, slug, leagueId: 'L1', leagueName: 'League One' })),
  );
  const { trackRecordViews, ledgerSealer, forecastQualityJob } = stack.composition;
  await (await trackRecordViews()).recompute();
  await (await ledgerSealer()).seal();
  await (await forecastQualityJob()).recompute();
  const admin = await stack.adminClient();
  const { jobId } = (await admin.post('/api/admin/update-performance-metrics')).json as { jobId: string };
  await stack.queue.drain();
  const newUser = async () => {
    const client = stack.client();
    const { email } = await stack.signIn(client);
    return { client, email };
  };
  const user = (await newUser()).client;
  world = {
    visitor: stack.client(),
    user,
    premium: await stack.premiumClient(),
    admin,
    newUser,
    newPremium: () => stack.premiumClient(),
    password: PASSWORD,
    emailToken: stack.emailToken,
    subscribe: (client) => stack.subscribe(client as TestClient),
    deliverWebhook: (type) => {
      const payload = JSON.stringify({
        id: `evt_${type}`,
        object: 'event',
        type,
        created: NOW / 1000,
        livemode: false,
        data: { object: { id: 'cus_1', object: 'customer' } },
      });
      const signature = stripeSignedHeader(payload, 'whsec_local_test', NOW / 1000);
      // As Stripe sends it: no cookie, no Origin, the signature over the raw bytes.
      return stack.client().request('POST', '/api/stripe/webhook', {
        rawBody: payload,
        origin: null,
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      });
    },
    unsubscribeToken: async (client) => {
      const { user } = (await client.get('/api/auth/me')).json as { user: { id: string } };
      // Signed as the digest's link is, with the key the stack's session secret derives.
      return new HmacUnsubscribeTokens(process.env.SESSION_SECRET!).sign(user.id);
    },
    leagueId: 'L1',
    teamSlug: 'hp0',
    upcomingFixtureId: 'ahead',
    settledPickId: entryId('p0', 'pick', 'home'),
    jobId,
  };
}, 180_000);
afterAll(() => stack.close());

describe('response contracts', () => {
  it('has one row per route of routes.ts, and no row for a route that is not there', () => {
    expect(routesWithoutContract(routes)).toEqual([]);
    expect(Object.keys(responseContracts).sort()).toEqual(routes.map(routeKey).sort());
    // The check can fail: a route the table does not know is named.
    expect(routesWithoutContract([...routes, { method: 'GET', path: '/api/teams/{teamId}' }])).toEqual(['GET /api/teams/{teamId}']);
  });

  it("answers every row's call with a 2xx that keeps the route's contract", async () => {
    const failed: string[] = [];
    for (const [key, contract] of Object.entries(responseContracts)) {
      const res = await contract.sample(world);
      if (res.status < 200 || res.status > 299) failed.push(`${key}: ${res.status} ${JSON.stringify(res.json)}`);
    }
    expect(failed).toEqual([]);
    const kept = [...stack.contractChecks].filter(([, statuses]) => statuses.some((s) => s >= 200 && s <= 299)).map(([key]) => key);
    expect(kept.sort()).toEqual(routes.map(routeKey).sort());
  }, 120_000);

  it('refuses an answer with a field its contract does not name, and one that lacks a field', async () => {
    // Prepare: the same routes, with a health handler that adds a field and a metrics handler that drops all but one.
    const change: Record<string, (body: Record<string, unknown>) => unknown> = {
      '/api/health': (body) => ({ ...body, region: 'eu-west-2' }),
      '/api/metrics/latest': () => ({ winAccuracy: 64.5 }),
    };
    const changed = await startHttpStack(
      {},
      {
        clock,
        spliceHandler: (route, handler) =>
          change[route.path]
            ? async (event, context) => {
                const result = (await handler(event, context)) as { body: string };
                return { ...result, body: JSON.stringify(change[route.path]!(JSON.parse(result.body) as Record<string, unknown>)) };
              }
            : handler,
      },
    );
    const client = changed.client();

    // Act
    const extra = await client.get('/api/health').catch((error: unknown) => error);
    const missing = await client.get('/api/metrics/latest').catch((error: unknown) => error);

    // Assess
    expect(extra).toBeInstanceOf(ResponseContractError);
    expect((extra as Error).message).toBe('GET /api/health answered 200 outside its contract: (body): fields the contract does not name: region');
    expect((missing as Error).message).toMatch(
      /^GET \/api\/metrics\/latest answered 200 outside its contract: totalPredictions: expected number; .*basis: expected one of published, backtest/,
    );
    await changed.close();
  });
});
