import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { utcDay, utcDaysBetween } from '@app/core/clock';
import type { LedgerEntry, LedgerOutcome } from '@app/core/ledger/entry';
import { ScanConflictError, type PipelinePredictionRepository, type ValueOnlyReads } from '@app/core/pipeline/ports';
import type { StoredPrediction } from '@app/core/predictions/prediction';
import { conditionalWrite } from './conditions.ts';
import { entryUpdate, ledgerEntryItem, readFixtureLedger } from './ledger-repository.ts';
import { failedConditions, transactWrite, type TableAction } from './transactions.ts';
import { queryAll } from './query.ts';
import { keys, sortKeyCeiling } from './keys.ts';

const SCHEMA_VERSION = 1;
/** Entries held already (a concurrent writer, a killed run's backfill) fail the write's condition: read them, try once more. */
const WRITE_ATTEMPTS = 2;
const INDEX_ATTRIBUTES = ['PK', 'SK', 'GSI1PK', 'GSI1SK', 'GSI2PK', 'GSI2SK', 'GSI3PK', 'GSI3SK', 'type', 'schemaVersion', 'kickoffMs'];

function strip<T>(item: Record<string, unknown>): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(item)) if (!INDEX_ATTRIBUTES.includes(k)) out[k] = v;
  return out as T;
}

/**
 * A prediction's item: in its fixture's collection, by match day (GSI1) and league (GSI2), with its kickoff in ms for
 * the conditions. A flag-only record has its own item and match-day index, and none by league (A30).
 */
function predictionItem(prediction: StoredPrediction) {
  const kickoff = new Date(prediction.kickoff).toISOString();
  const kickoffMs = Date.parse(kickoff);
  const day = utcDay(new Date(kickoffMs));
  if (prediction.valueOnly)
    return {
      ...keys.valueOnly(prediction.fixtureId),
      ...keys.valueOnlyDay(day, kickoff, prediction.fixtureId),
      type: 'ValueOnly',
      schemaVersion: SCHEMA_VERSION,
      ...prediction,
      kickoff,
      kickoffMs,
    };
  return {
    ...keys.prediction(prediction.fixtureId),
    ...keys.predictionDay(day, kickoff, prediction.fixtureId),
    ...keys.predictionLeague(prediction.leagueId, kickoff, prediction.fixtureId),
    type: 'Prediction',
    schemaVersion: SCHEMA_VERSION,
    ...prediction,
    kickoff,
    kickoffMs,
  };
}

/**
 * Predictions in the fixture's item collection, by match day (GSI1) and league (GSI2), written
 * in one transaction with the ledger entries they publish, and settled in one transaction with
 * those entries' outcomes (A4, A5, A6, A7 in docs/architecture.md#dynamodb-access-patterns).
 */
export class DynamoPredictionRepository implements PipelinePredictionRepository, ValueOnlyReads {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async listByKickoff(from: Date, to: Date): Promise<StoredPrediction[]> {
    const fromIso = from.toISOString();
    const toIso = to.toISOString();
    const perDay = await Promise.all(utcDaysBetween(from, to).map((day) => this.queryDay(keys.predictionDayPartition(day), fromIso, sortKeyCeiling(toIso))));
    return perDay.flat();
  }

  /** The flag-only records with kickoff in [from, to] (A30), one Query a UTC match day. */
  async listValueOnlyByKickoff(from: Date, to: Date): Promise<StoredPrediction[]> {
    const fromIso = from.toISOString();
    const toIso = to.toISOString();
    const perDay = await Promise.all(utcDaysBetween(from, to).map((day) => this.queryDay(keys.valueOnlyDayPartition(day), fromIso, sortKeyCeiling(toIso))));
    return perDay.flat();
  }

  /** A league's predictions with kickoff in [from, to], ordered by kickoff (GSI2). */
  async listByLeague(leagueId: string, from: Date, to: Date): Promise<StoredPrediction[]> {
    const items = await queryAll(this.doc, {
      TableName: this.tableName,
      IndexName: 'GSI2',
      KeyConditionExpression: 'GSI2PK = :pk AND GSI2SK BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': keys.predictionLeaguePartition(leagueId), ':from': from.toISOString(), ':to': sortKeyCeiling(to.toISOString()) },
    });
    return items.map((item) => strip<StoredPrediction>(item));
  }

  async get(fixtureId: string): Promise<StoredPrediction | undefined> {
    const out = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: keys.prediction(fixtureId), ConsistentRead: true }));
    return out.Item ? strip<StoredPrediction>(out.Item) : undefined;
  }

  /** A flag-only record of a league without history (A30), for the alert email that announces its flag. */
  async getValueOnly(fixtureId: string): Promise<StoredPrediction | undefined> {
    const out = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: keys.valueOnly(fixtureId), ConsistentRead: true }));
    return out.Item ? strip<StoredPrediction>(out.Item) : undefined;
  }

  /** Unconditional write of a prediction alone (tests and seeding). */
  async save(prediction: StoredPrediction): Promise<void> {
    await this.write(prediction, [], { now: new Date(0), backfill: true });
  }

  async write(prediction: StoredPrediction, entries: LedgerEntry[], options: { now: Date; backfill?: boolean }): Promise<boolean> {
    const kickoff = new Date(prediction.kickoff).toISOString();
    const kickoffMs = Date.parse(kickoff);
    if (!options.backfill && kickoffMs <= options.now.getTime()) return false;
    // A published entry is only ever written before its kickoff (the prediction's condition below
    // enforces it for the whole transaction); a backfill writes back-tested entries only.
    if (entries.some((e) => e.basis !== (options.backfill ? 'backtest' : 'published')))
      throw new Error(`${options.backfill ? 'A backfill' : 'A published forecast'} wrote an entry of the other basis`);
    const item = predictionItem(prediction);
    const heldIds = async () => new Set((await readFixtureLedger(this.doc, this.tableName, prediction.fixtureId)).map((e) => e.id));
    // A backfill writes entries the ledger does not hold (unless a killed run wrote them: then the
    // condition fails and the retry reads); a daily regeneration usually meets its own entries.
    let held = options.backfill ? new Set<string>() : await heldIds();
    for (let attempt = 1; ; attempt++) {
      const appended = entries.filter((e) => !held.has(e.id));
      try {
        await transactWrite(this.doc, this.tableName, [
          {
            Put: {
              Item: item,
              // Frozen at kickoff: a stored prediction whose match has started is never replaced.
              ...(options.backfill
                ? {}
                : { ConditionExpression: 'attribute_not_exists(PK) OR kickoffMs > :now', ExpressionAttributeValues: { ':now': options.now.getTime() } }),
            },
          },
          // Append-only: an entry is written once and never replaced (docs/decisions/0130-the-bet-ledger.md).
          ...appended.map((e) => ({ Put: { Item: ledgerEntryItem({ ...e, kickoff }), ConditionExpression: 'attribute_not_exists(PK)' } })),
        ]);
        return true;
      } catch (error) {
        const failed = failedConditions(error);
        if (failed?.includes(0)) return false;
        if (!failed?.length || attempt >= WRITE_ATTEMPTS) throw error;
        held = await heldIds();
      }
    }
  }

  /**
   * The odds scan's write: one transaction, no read (docs/decisions/0295-one-owner-for-the-scan-write.md).
   * The prediction's Put holds only if the stored one is the one the scan read (its `generatedAt`
   * and `valueScannedAt`) and has not kicked off; each entry's only if the ledger does not hold it.
   * An entry held already (its `flagged` event had left the kept history) is named by the
   * cancellation: the transaction is tried once more without it.
   */
  async writeScan(
    prediction: StoredPrediction,
    entries: LedgerEntry[],
    options: { now: Date; previous: Pick<StoredPrediction, 'generatedAt' | 'valueScannedAt'> },
  ): Promise<{ appended: LedgerEntry[] } | 'kicked-off'> {
    const item = predictionItem(prediction);
    if (item.kickoffMs <= options.now.getTime()) return 'kicked-off';
    if (entries.some((e) => e.basis !== 'published' || e.kind !== 'value')) throw new Error('A scan writes published value entries only');
    const { previous } = options;
    // A flag-only record the scan read as new: written only if none is stored (a scan in between wrote it first).
    const firstRecord = prediction.valueOnly && previous.valueScannedAt === undefined;
    const condition = firstRecord
      ? { ConditionExpression: 'attribute_not_exists(PK)' }
      : {
          ConditionExpression:
            'kickoffMs > :now AND generatedAt = :generatedAt AND ' +
            (previous.valueScannedAt === undefined ? 'attribute_not_exists(valueScannedAt)' : 'valueScannedAt = :scannedAt'),
          ExpressionAttributeValues: {
            ':now': options.now.getTime(),
            ':generatedAt': previous.generatedAt,
            ...(previous.valueScannedAt === undefined ? {} : { ':scannedAt': previous.valueScannedAt }),
          },
        };
    let appended = entries;
    for (let attempt = 1; ; attempt++) {
      try {
        await transactWrite(this.doc, this.tableName, [
          { Put: { Item: item, ...condition } },
          ...appended.map((e) => ({ Put: { Item: ledgerEntryItem({ ...e, kickoff: item.kickoff }), ConditionExpression: 'attribute_not_exists(PK)' } })),
        ]);
        return { appended };
      } catch (error) {
        const failed = failedConditions(error);
        if (failed?.includes(0)) throw new ScanConflictError(prediction.fixtureId, { cause: error });
        if (!failed?.length || attempt >= WRITE_ATTEMPTS) throw error;
        appended = appended.filter((_e, i) => !failed.includes(i + 1));
      }
    }
  }

  async settle(prediction: StoredPrediction, outcomes: Array<{ entryId: string; fixtureId: string; outcome: LedgerOutcome }>): Promise<boolean> {
    const actions: TableAction[] = [
      {
        Update: {
          // a flag-only record is settled in its own item (A30)
          Key: prediction.valueOnly ? keys.valueOnly(prediction.fixtureId) : keys.prediction(prediction.fixtureId),
          UpdateExpression: 'SET #status = :status, actualResult = :text' + (prediction.result ? ', #result = :result' : ''),
          // Settled once; a void match may still be settled later (it was rescheduled and played).
          ConditionExpression: 'attribute_exists(PK) AND (attribute_not_exists(#status) OR #status <> :settled)',
          ExpressionAttributeNames: { '#status': 'status', ...(prediction.result ? { '#result': 'result' } : {}) },
          ExpressionAttributeValues: {
            ':status': prediction.status,
            ':text': prediction.actualResult,
            ':settled': 'settled',
            ...(prediction.result ? { ':result': prediction.result } : {}),
          },
        },
      },
      ...outcomes.map((o) => ({ Update: entryUpdate(o.fixtureId, o.entryId, o.outcome) })),
    ];
    return conditionalWrite(transactWrite(this.doc, this.tableName, actions));
  }

  private async queryDay(partition: string, fromSk: string, toSk: string): Promise<StoredPrediction[]> {
    const items = await queryAll(this.doc, {
      TableName: this.tableName,
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': partition, ':from': fromSk, ':to': toSk },
    });
    return items.map((item) => strip<StoredPrediction>(item));
  }
}
