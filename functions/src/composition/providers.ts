/**
 * The composition root, part 5: which football data and odds the pipeline reads.
 * - FOOTBALL_DATA_ORG_TOKEN (or the providers secret): live fixtures and results from football-data.org;
 *   ODDS_API_KEY adds live odds from The Odds API (without it the models run on results only).
 * - On the local stack without a token: the demo leagues, or the football-data.co.uk folder in
 *   FOOTBALL_DATA_DIR replayed around today (local-adapters.ts).
 * - Anywhere else without a token: a ConfigError, logged with `configurationError: true` (an alarm
 *   watches for it). Never demo data in a deployed table.
 */
import { FootballDataOrgProvider } from '@app/adapters/football-data-org/football-data-org-provider';
import { oddsApiCreditsMetric } from '@app/adapters/the-odds-api/credits-metric';
import { TheOddsApiProvider } from '@app/adapters/the-odds-api/the-odds-api-provider';
import type { FixtureOdds, OddsProvider } from '@app/core/pipeline/providers';
import { DynamoAlertLatch } from '@app/adapters/dynamodb/alert-latch';
import { makeConfigurationGuard } from '@app/core/pipeline/configuration-guard';
import { ConfigError } from '@app/platform/config';
import { logger } from '@app/platform/logger';
import { rebuildOnChange } from '@app/platform/memo';
import { base, secretField } from './base.ts';
import { localAdapters, type FootballProviders } from './local-adapters.ts';

const noOdds: OddsProvider = { name: 'none', odds: async () => new Map<string, FixtureOdds>() };

/**
 * Whether a scheduled run may start: on a deployed stage the football-data.org key must be in the
 * providers secret. Without it the run is skipped; the first skip alarms, the next ones only log,
 * until the key is there (docs/decisions/0144-safe-first-start.md).
 */
export async function scheduledRunsAllowed(): Promise<boolean> {
  const { config, doc, clock } = await base();
  if (config.STAGE === 'local') return true;
  const { token } = await providerKeys();
  const guard = makeConfigurationGuard({
    latch: new DynamoAlertLatch(doc, config.TABLE_NAME),
    now: () => clock.now(),
    alarm: (name, reason) => logger.error('Scheduled run skipped: configuration missing', { configurationError: true, name, reason }),
    remind: (name, reason) => logger.warn('Scheduled run skipped: configuration still missing (alarmed at the first skip)', { name, reason }),
  });
  return guard.allows('providers', Boolean(token), 'footballDataOrgToken is empty in the providers secret: put the provider keys (docs/deploy.md "Secrets")');
}

async function providerKeys(): Promise<{ token?: string; oddsKey?: string }> {
  const { config } = await base();
  const [token, oddsKey] = await Promise.all([
    secretField(config.FOOTBALL_DATA_ORG_TOKEN, config.PROVIDERS_SECRET_ARN, 'footballDataOrgToken'),
    secretField(config.ODDS_API_KEY, config.PROVIDERS_SECRET_ARN, 'oddsApiKey'),
  ]);
  return { token, oddsKey };
}

/**
 * Kept for the life of the container, so The Odds API's circuit breaker and football-data.org's
 * pauses hold; rebuilt when a key is rolled in Secrets Manager.
 */
export const footballProviders = /* @__PURE__ */ rebuildOnChange(
  providerKeys,
  async ({ token, oddsKey }): Promise<FootballProviders> => {
    const b = await base();
    const { config, clock } = b;
    const now = () => clock.now();
    const liveOdds = oddsKey
      ? new TheOddsApiProvider({
          apiKey: oddsKey,
          host: config.ODDS_API_BASE_URL,
          now,
          // One EMF line per response: the credits-left metric infra's OddsApiCreditsLow alarm watches.
          onQuota: (quota) => logger.info('The Odds API quota', { ...quota, ...oddsApiCreditsMetric(quota, config.POWERTOOLS_METRICS_NAMESPACE) }),
        })
      : undefined;
    if (token) return { fixturesProvider: new FootballDataOrgProvider({ token, baseUrl: config.FOOTBALL_DATA_ORG_BASE_URL }), oddsProvider: liveOdds ?? noOdds };
    if (config.STAGE === 'local') return localAdapters('Football data without FOOTBALL_DATA_ORG_TOKEN').footballProviders(b, liveOdds);
    const error = new ConfigError(
      'Invalid configuration:\n  - footballDataOrgToken (providers secret) or FOOTBALL_DATA_ORG_TOKEN: required outside the local stack; the pipeline will not publish demo data',
    );
    logger.error('Pipeline configuration error: no football data provider', { configurationError: true, stage: config.STAGE, error });
    throw error;
  },
  (a, b) => a.token === b.token && a.oddsKey === b.oddsKey,
);
