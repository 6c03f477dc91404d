/**
 * Which football data and odds the pipeline reads, from configuration:
 * - FOOTBALL_DATA_ORG_TOKEN: live fixtures and results from football-data.org;
 * - else FOOTBALL_DATA_DIR: football-data.co.uk CSV files replayed around today (with their odds);
 * - else the demo leagues (the default: no keys, no network).
 * ODDS_API_KEY adds live odds from The Odds API; otherwise the CSV or demo odds are used, and
 * with football-data.org alone there are no odds (the models then run on results only).
 */
import { resolve } from 'node:path';
import { CsvReplayProvider, proposeShiftDaysForFolder } from '@app/adapters/csv/csv-replay-provider';
import { DemoProvider } from '@app/adapters/demo/demo-provider';
import { DynamoSettingStore } from '@app/adapters/dynamodb/setting-store';
import { FootballDataOrgProvider } from '@app/adapters/football-data-org/football-data-org-provider';
import { readSecretField } from '@app/adapters/secrets/secrets-manager';
import { TheOddsApiProvider } from '@app/adapters/the-odds-api/the-odds-api-provider';
import type { FixtureOdds, FixtureProvider, OddsProvider } from '@app/core/pipeline/providers';
import { logger } from '@app/platform/logger';
import { memoAsync } from '@app/platform/memo';
import { base } from './composition.ts';

const noOdds: OddsProvider = { name: 'none', odds: async () => new Map<string, FixtureOdds>() };

/** Built once per cold start, so the Odds API's circuit breaker and football-data.org's pauses hold. */
export const footballProviders = /* @__PURE__ */ memoAsync(build);

async function build(): Promise<{ fixturesProvider: FixtureProvider; oddsProvider: OddsProvider }> {
  const { config, doc, clock } = base();
  const now = () => clock.now();
  const arn = config.PROVIDERS_SECRET_ARN;
  const token = config.FOOTBALL_DATA_ORG_TOKEN ?? (arn ? await readSecretField(arn, config.AWS_REGION, 'footballDataOrgToken') : undefined);
  const oddsKey = config.ODDS_API_KEY ?? (arn ? await readSecretField(arn, config.AWS_REGION, 'oddsApiKey') : undefined);
  const liveOdds = oddsKey
    ? new TheOddsApiProvider({ apiKey: oddsKey, host: config.ODDS_API_BASE_URL, now, onQuota: (quota) => logger.info('The Odds API quota', { ...quota }) })
    : undefined;

  if (token) return { fixturesProvider: new FootballDataOrgProvider({ token, baseUrl: config.FOOTBALL_DATA_ORG_BASE_URL }), oddsProvider: liveOdds ?? noOdds };

  if (config.FOOTBALL_DATA_DIR) {
    const dir = resolve(config.FOOTBALL_DATA_DIR);
    // Decided once and kept, so kickoffs stay put across restarts on later days.
    const shiftDays = await new DynamoSettingStore(doc, config.TABLE_NAME).getOrCreate(`csv-replay-shift:${dir}`, () => proposeShiftDaysForFolder(dir, now()));
    const csv = new CsvReplayProvider({ dir, shiftDays, now });
    logger.info('Replaying football-data.co.uk seasons', { dir, shiftDays });
    return { fixturesProvider: csv, oddsProvider: liveOdds ?? csv };
  }

  const demo = new DemoProvider({ now });
  return { fixturesProvider: demo, oddsProvider: liveOdds ?? demo };
}
