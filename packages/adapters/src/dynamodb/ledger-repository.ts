import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { EMPTY_HEAD, type CorrectionHead } from '@app/core/ledger/corrections';
import type { LedgerDigest } from '@app/core/ledger/digest';
import { parseEntryId, type LedgerBasis, type LedgerCorrection, type LedgerEntry, type LedgerOutcome, type RecordedEntry } from '@app/core/ledger/entry';
import type { LedgerRepository } from '@app/core/ledger/ports';
import { batchPut } from './batch.ts';
import { recordOf } from './items.ts';
import { keys, sortKeyCeiling } from './keys.ts';
import { queryAll } from './query.ts';
import { failedConditions, transactWrite, type TableAction } from './transactions.ts';

const SCHEMA_VERSION = 1;
const ENTRY = 'LedgerEntry';
const CORRECTION = 'LedgerCorrection';

/** `pick-home` of `<fixtureId>~pick-home`: the entry's place in its fixture's collection. */
function entryKey(entryId: string): string {
  const parsed = parseEntryId(entryId);
  if (!parsed) throw new Error(`Not a ledger entry id: ${entryId}`);
  return `${parsed.kind}-${parsed.selection}`;
}

/** A new entry's item: in its fixture's collection, in GSI3 by kickoff month; a published value entry also in GSI1 by the time it was flagged. */
export function ledgerEntryItem(e: LedgerEntry) {
  const flagged = e.kind === 'value' && e.basis === 'published' ? keys.valueFlagged(e.forecastAt, e.id) : {};
  return {
    ...keys.ledgerEntry(e.fixtureId, entryKey(e.id)),
    ...keys.ledgerByKickoff(e.kickoff, e.id),
    ...flagged,
    type: ENTRY,
    schemaVersion: SCHEMA_VERSION,
    ...e,
  };
}

/**
 * What settling adds to an entry, and nothing else: its result, score, profit and closing price.
 * Conditional, so an entry is settled once (a void one may be played later) and its closing
 * price is never replaced; the fields it was published with are never in the expression.
 */
export function entryUpdate(fixtureId: string, entryId: string, outcome: LedgerOutcome): NonNullable<Extract<TableAction, { Update: unknown }>['Update']> {
  const set = ['#result = :result', 'settledAt = :settledAt'];
  const remove: string[] = [];
  const values: Record<string, unknown> = { ':result': outcome.result, ':settledAt': outcome.settledAt, ':void': 'void' };
  for (const field of ['score', 'profit'] as const) {
    if (outcome[field]) {
      set.push(`${field} = :${field}`);
      values[`:${field}`] = outcome[field];
    } else remove.push(field);
  }
  if (outcome.closing) {
    set.push('closing = :closing');
    values[':closing'] = outcome.closing;
  }
  return {
    Key: keys.ledgerEntry(fixtureId, entryKey(entryId)),
    UpdateExpression: `SET ${set.join(', ')}${remove.length ? ` REMOVE ${remove.join(', ')}` : ''}`,
    ConditionExpression: `attribute_exists(PK) AND (attribute_not_exists(#result) OR #result = :void)${outcome.closing ? ' AND attribute_not_exists(closing)' : ''}`,
    ExpressionAttributeNames: { '#result': 'result' },
    ExpressionAttributeValues: values,
  };
}

/** Entries with their corrections attached (oldest first), from a mix of both kinds of item. */
function assemble(items: Record<string, unknown>[]): RecordedEntry[] {
  const entries = new Map<string, RecordedEntry>();
  const corrections: LedgerCorrection[] = [];
  for (const item of items) {
    if (item.type === ENTRY) {
      const entry = recordOf<LedgerEntry>(item);
      entries.set(entry.id, { ...entry, corrections: [] });
    } else if (item.type === CORRECTION) corrections.push(recordOf<LedgerCorrection>(item));
  }
  for (const c of corrections.sort((a, b) => a.at.localeCompare(b.at))) entries.get(c.entryId)?.corrections.push(c);
  return [...entries.values()];
}

/** A fixture's entries and corrections, read consistently from its collection. */
export async function readFixtureLedger(doc: DynamoDBDocumentClient, tableName: string, fixtureId: string): Promise<RecordedEntry[]> {
  const items = await queryAll(doc, {
    TableName: tableName,
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
    ExpressionAttributeValues: { ':pk': keys.fixturePartition(fixtureId), ':p': keys.ledgerPrefix },
    ConsistentRead: true,
  });
  return assemble(items);
}

function months(from: Date, to: Date): string[] {
  const out: string[] = [];
  const cursor = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), 1));
  while (cursor.getTime() <= to.getTime()) {
    out.push(cursor.toISOString().slice(0, 7));
    cursor.setUTCMonth(cursor.getUTCMonth() + 1);
  }
  return out;
}

/**
 * The bet ledger (A7, A8 in docs/architecture.md#dynamodb-access-patterns). Entries are appended
 * and settled through the prediction repository's transactions; here they are read, corrected
 * (a new item per correction) and sealed in day digests.
 */
export class DynamoLedgerRepository implements LedgerRepository {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async listByKickoff(from: Date, to: Date): Promise<RecordedEntry[]> {
    const fromSk = from.toISOString();
    const toSk = sortKeyCeiling(to.toISOString());
    const perMonth = await Promise.all(
      months(from, to).map((month) =>
        queryAll(this.doc, {
          TableName: this.tableName,
          IndexName: 'GSI3',
          KeyConditionExpression: 'GSI3PK = :pk AND GSI3SK BETWEEN :from AND :to',
          ExpressionAttributeValues: { ':pk': keys.ledgerMonthPartition(month), ':from': fromSk, ':to': toSk },
        }),
      ),
    );
    return assemble(perMonth.flat());
  }

  async listForFixture(fixtureId: string): Promise<RecordedEntry[]> {
    return readFixtureLedger(this.doc, this.tableName, fixtureId);
  }

  async get(entryId: string): Promise<RecordedEntry | undefined> {
    const parsed = parseEntryId(entryId);
    if (!parsed) return undefined;
    return (await this.listForFixture(parsed.fixtureId)).find((e) => e.id === entryId);
  }

  async correct(c: LedgerCorrection): Promise<'ok' | 'not-settled' | 'head-moved'> {
    const key = entryKey(c.entryId);
    try {
      await transactWrite(this.doc, this.tableName, [
        {
          ConditionCheck: {
            Key: keys.ledgerEntry(c.fixtureId, key),
            ConditionExpression: 'attribute_exists(PK) AND #result IN (:won, :lost)',
            ExpressionAttributeNames: { '#result': 'result' },
            ExpressionAttributeValues: { ':won': 'won', ':lost': 'lost' },
          },
        },
        {
          Put: {
            Item: {
              ...keys.ledgerCorrection(c.fixtureId, key, c.at),
              ...keys.ledgerByKickoff(c.kickoff, `${c.entryId}#CORRECTION#${c.at}`),
              ...keys.ledgerCorrectionChain(c.sequence),
              type: CORRECTION,
              schemaVersion: SCHEMA_VERSION,
              ...c,
            },
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
        // The chain moves only from the head this correction was sealed after: two at once cannot fork it.
        {
          Put: {
            Item: { ...keys.ledgerCorrectionHead(), type: 'LedgerCorrectionHead', schemaVersion: SCHEMA_VERSION, sequence: c.sequence, digest: c.digest },
            ConditionExpression: c.sequence === 1 ? 'attribute_not_exists(PK)' : '#sequence = :previousSequence AND #digest = :previous',
            ...(c.sequence === 1
              ? {}
              : {
                  ExpressionAttributeNames: { '#sequence': 'sequence', '#digest': 'digest' },
                  ExpressionAttributeValues: { ':previousSequence': c.sequence - 1, ':previous': c.previous },
                }),
          },
        },
      ]);
      return 'ok';
    } catch (error) {
      const failed = failedConditions(error);
      if (failed?.includes(0)) return 'not-settled';
      if (failed?.length) return 'head-moved';
      throw error;
    }
  }

  async correctionHead(): Promise<CorrectionHead> {
    const { Item } = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: keys.ledgerCorrectionHead(), ConsistentRead: true }));
    return Item ? { sequence: Item.sequence as number, digest: Item.digest as string } : EMPTY_HEAD;
  }

  async listCorrections(): Promise<LedgerCorrection[]> {
    const items = await queryAll(this.doc, {
      TableName: this.tableName,
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.ledgerCorrectionChain(0).GSI1PK },
    });
    return items.map((item) => recordOf<LedgerCorrection>(item));
  }

  async listValueFlagged(from: Date, to: Date): Promise<LedgerEntry[]> {
    const days: string[] = [];
    for (let t = Date.parse(from.toISOString().slice(0, 10)); t <= to.getTime(); t += 86_400_000) days.push(new Date(t).toISOString().slice(0, 10));
    const perDay = await Promise.all(
      days.map((day) =>
        queryAll(this.doc, {
          TableName: this.tableName,
          IndexName: 'GSI1',
          KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK BETWEEN :from AND :to',
          ExpressionAttributeValues: { ':pk': keys.valueFlagged(day, '').GSI1PK, ':from': from.toISOString(), ':to': sortKeyCeiling(to.toISOString()) },
        }),
      ),
    );
    return perDay.flat().map((item) => recordOf<LedgerEntry>(item));
  }

  async digests(basis: LedgerBasis): Promise<LedgerDigest[]> {
    const items = await queryAll(this.doc, {
      TableName: this.tableName,
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.ledgerDigestPartition(basis) },
      ConsistentRead: true,
    });
    return items.map((item) => recordOf<LedgerDigest>(item));
  }

  async saveDigests(digests: readonly LedgerDigest[]): Promise<void> {
    await batchPut(
      this.doc,
      this.tableName,
      digests.map((d) => ({ ...keys.ledgerDigest(d.basis, d.day), type: 'LedgerDigest', schemaVersion: SCHEMA_VERSION, ...d })),
    );
  }
}
