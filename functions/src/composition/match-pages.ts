/** The composition root: the match pages and the sitemap. */
import { DynamoHistoryRepository } from '@app/adapters/dynamodb/history-repository';
import { DynamoPredictionRepository } from '@app/adapters/dynamodb/prediction-repository';
import { DynamoScanMarkRepository } from '@app/adapters/dynamodb/scan-mark-repository';
import { makeMatchService } from '@app/core/matches/service';
import { leaguePagesOf, makeSitemapService } from '@app/core/site/sitemap';
import { DynamoLeagueRepository } from '@app/adapters/dynamodb/league-repository';
import { DynamoSeasonRepository } from '@app/adapters/dynamodb/season-repository';
import { once, type Base } from './base.ts';
import { ledgerRepository } from './ledger.ts';
import { table } from './tables.ts';

export function buildMatches(base: Base) {
  return once(base, buildMatches, () =>
    makeMatchService({
      predictions: table(base, DynamoPredictionRepository),
      history: table(base, DynamoHistoryRepository),
      ledger: ledgerRepository(base),
      marks: table(base, DynamoScanMarkRepository),
      clock: base.clock,
    }),
  );
}

export function buildSitemap(base: Base) {
  return once(base, buildSitemap, () => {
    const pages = leaguePagesOf({ leagues: table(base, DynamoLeagueRepository), seasons: table(base, DynamoSeasonRepository) });
    return makeSitemapService({ predictions: table(base, DynamoPredictionRepository), pages, clock: base.clock, origin: base.config.APP_ORIGIN });
  });
}
