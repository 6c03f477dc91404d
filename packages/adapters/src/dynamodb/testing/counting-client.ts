import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/** The capacity one call consumed, as DynamoDB reports it (`ReturnConsumedCapacity: 'TOTAL'`). */
type Consumed = { CapacityUnits?: number; ReadCapacityUnits?: number; WriteCapacityUnits?: number };

/** Calls and consumed capacity per command (`GetCommand`, `QueryCommand`, `TransactWriteCommand`...). */
export interface CallTally {
  calls: number;
  readUnits: number;
  writeUnits: number;
}

/**
 * A document client that asks every call for its consumed capacity and tallies calls and units
 * per command (the benches and the tests that count DynamoDB calls use it; no function does).
 * Read and write units are told apart by the command: a transaction's are write units (DynamoDB
 * reports them as one total).
 */
export function countingClient(doc: DynamoDBDocumentClient) {
  const tally = new Map<string, CallTally>();
  const send = (async (command: { constructor: { name: string }; input: Record<string, unknown> }) => {
    const name = command.constructor.name;
    command.input.ReturnConsumedCapacity ??= 'TOTAL';
    const row = tally.get(name) ?? { calls: 0, readUnits: 0, writeUnits: 0 };
    tally.set(name, row);
    // a call that fails (a cancelled transaction) counts; the capacity it consumed is not reported
    row.calls += 1;
    const out = (await (doc.send as (c: unknown) => Promise<{ ConsumedCapacity?: Consumed | Consumed[] }>)(command)) ?? {};
    const consumed = ([] as Consumed[]).concat(out.ConsumedCapacity ?? []);
    const total = consumed.reduce((n, c) => n + (c.CapacityUnits ?? 0), 0);
    const reads = consumed.reduce((n, c) => n + (c.ReadCapacityUnits ?? 0), 0);
    const writes = consumed.reduce((n, c) => n + (c.WriteCapacityUnits ?? 0), 0);
    const isWrite = /Put|Update|Delete|Write/.test(name);
    row.readUnits += reads || (isWrite ? 0 : total);
    row.writeUnits += writes || (isWrite ? total : 0);
    return out;
  }) as DynamoDBDocumentClient['send'];
  const client = new Proxy(doc, { get: (target, key, receiver) => (key === 'send' ? send : Reflect.get(target, key, receiver)) });
  return {
    client,
    /** The tally so far, by command name. */
    tally: () => Object.fromEntries([...tally].map(([k, v]) => [k, { ...v }])) as Record<string, CallTally>,
    /** Calls and units of every command together. */
    total: () =>
      [...tally.values()].reduce((a, r) => ({ calls: a.calls + r.calls, readUnits: a.readUnits + r.readUnits, writeUnits: a.writeUnits + r.writeUnits }), {
        calls: 0,
        readUnits: 0,
        writeUnits: 0,
      }),
    reset: () => tally.clear(),
  };
}
