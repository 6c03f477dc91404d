/** The composition root: the bet ledger, appended and settled by the pipeline, read by every track-record view. */
import { DynamoLedgerRepository, readFixtureLedger } from '@app/adapters/dynamodb/ledger-repository';
import { memoAsync } from '@app/platform/memo';
import { base } from './base.ts';

export const ledgerRepository = /* @__PURE__ */ memoAsync(async () => {
  const { doc, config } = await base();
  return new DynamoLedgerRepository(doc, config.TABLE_NAME);
});

/** The one read the pipeline needs (a fixture's entries): its bundles carry nothing else of the ledger. */
export const ledgerReads = /* @__PURE__ */ memoAsync(async () => {
  const { doc, config } = await base();
  return { listForFixture: (fixtureId: string) => readFixtureLedger(doc, config.TABLE_NAME, fixtureId) };
});
