/** The composition root: the bet ledger, appended and settled by the pipeline, read by every track-record view. */
import { DynamoLedgerRepository, readFixtureLedger } from '@app/adapters/dynamodb/ledger-repository';
import type { Base } from './base.ts';
import { table } from './tables.ts';

export function ledgerRepository(base: Base): DynamoLedgerRepository {
  return table(base, DynamoLedgerRepository);
}

/** The one read the pipeline needs (a fixture's entries): its bundles carry nothing else of the ledger. */
export function ledgerReads(base: Base) {
  return { listForFixture: (fixtureId: string) => readFixtureLedger(base.doc, base.config.TABLE_NAME, fixtureId) };
}
