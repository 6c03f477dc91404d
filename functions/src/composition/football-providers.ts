/**
 * The composition root: which football data and odds the pipeline reads
 * (docs/decisions/0120-production-data-providers.md).
 * - API_FOOTBALL_KEY (or the providers secret): live fixtures, results and match statistics from
 *   API-Football; ODDS_API_KEY adds live odds from The Odds API (without it the models run on
 *   results and statistics only).
 * - On the local stack without a key: the demo leagues, or the football-data.co.uk folder in
 *   FOOTBALL_DATA_DIR replayed around today (local-adapters.ts): research data, never a deployed
 *   stage's.
 * - Anywhere else without a key: a ConfigError, logged with `configurationError: true` (an alarm
 *   watches for it). Never demo data in a deployed table.
 */
import { ApiFootballProvider } from '@app/adapters/api-football/api-football-provider';
import { oddsApiCreditsMetric } from '@app/adapters/the-odds-api/credits-metric';
import { TheOddsApiProvider } from '@app/adapters/the-odds-api/the-odds-api-provider';
import type { FixtureOdds, OddsProvider } from '@app/core/pipeline/providers';
import { DynamoAlertLatch } from '@app/adapters/dynamodb/alert-latch';
import { makeConfigurationGuard } from '@app/core/pipeline/configuration-guard';
import { ConfigError } from '@app/platform/config';
import { logger } from '@app/platform/logger';
import { rebuilt, secretField, type Base, type FootballProviders } from './base.ts';
import { localAdapters } from './local-adapters.ts';
import { table } from './tables.ts';

const noOdds: OddsProvider = { name: 'none', odds: async () => new Map<string, FixtureOdds>() };

/**
 * Whether a scheduled run may start: on a deployed stage the API-Football key must be in the
 * providers secret. Without it the run is skipped; the first skip alarms, the next ones only log,
 * until the key is there (docs/decisions/0144-safe-first-start.md).
 */
export async function scheduledRunsAllowed(base: Base): Promise<boolean> {
  const { config, clock } = base;
  if (config.STAGE === 'local') return true;
  const { fixturesKey } = await providerKeys(base);
  const guard = makeConfigurationGuard({
    latch: table(base, DynamoAlertLatch),
    now: () => clock.now(),
    alarm: (name, reason) => logger.error('Scheduled run skipped: configuration missing', { configurationError: true, name, reason }),
    remind: (name, reason) => logger.warn('Scheduled run skipped: configuration still missing (alarmed at the first skip)', { name, reason }),
  });
  return guard.allows('providers', Boolean(fixturesKey), 'apiFootballKey is empty in the providers secret: put the provider keys (docs/deploy.md "Secrets")');
}

/** The planner's question before a scheduled run (see `scheduledRunsAllowed`). */
export function buildScheduleGuard(base: Base): { allowed: () => Promise<boolean> } {
  return { allowed: () => scheduledRunsAllowed(base) };
}

async function providerKeys(base: Base): Promise<{ fixturesKey?: string; oddsKey?: string }> {
  const { config } = base;
  const [fixturesKey, oddsKey] = await Promise.all([
    secretField(base, config.API_FOOTBALL_KEY, config.PROVIDERS_SECRET_ARN, 'apiFootballKey'),
    secretField(base, config.ODDS_API_KEY, config.PROVIDERS_SECRET_ARN, 'oddsApiKey'),
  ]);
  return { fixturesKey, oddsKey };
}

/**
 * Kept for the life of the container, so The Odds API's circuit breaker and API-Football's spent
 * daily quota hold; rebuilt when a key is rolled in Secrets Manager.
 */
export function footballProviders(base: Base): Promise<FootballProviders> {
  return rebuilt(
    base,
    footballProviders,
    () => providerKeys(base),
    async ({ fixturesKey, oddsKey }): Promise<FootballProviders> => {
      const { config, clock } = base;
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
      if (fixturesKey) {
        const fixturesProvider = new ApiFootballProvider({
          apiKey: fixturesKey,
          baseUrl: config.API_FOOTBALL_BASE_URL,
          onQuota: (quota) => logger.info('API-Football quota', { ...quota }),
          http: { now },
        });
        return { fixturesProvider, oddsProvider: liveOdds ?? noOdds, ...(liveOdds ? { feedResults: liveOdds } : {}) };
      }
      if (config.STAGE === 'local') return localAdapters(base, 'Football data without API_FOOTBALL_KEY').footballProviders(base, liveOdds);
      const error = new ConfigError(
        'Invalid configuration:\n  - apiFootballKey (providers secret) or API_FOOTBALL_KEY: required outside the local stack; the pipeline will not publish demo data',
      );
      logger.error('Pipeline configuration error: no football data provider', { configurationError: true, stage: config.STAGE, error });
      throw error;
    },
    (a, b) => a.fixturesKey === b.fixturesKey && a.oddsKey === b.oddsKey,
  );
}
