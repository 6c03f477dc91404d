// The AWS SDK stand-ins of the Lambda bundles (lazy-sdk.ts) against DynamoDB Local: code bundled
// with the functions' own esbuild options reads, writes and catches the SDK's errors as the SDK
// itself does, and loads no SDK package until its first call.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestTable } from '@app/adapters/dynamodb/testing/test-table';
import { bundleOptions } from './build.ts';

const repo = resolve(import.meta.dirname, '..', '..');

/** Written as the adapters write it: the document client, commands, an exception matched with instanceof. */
const ENTRY = `
import { ConditionalCheckFailedException, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { createRequire } from 'node:module';

const loadedAtStart = Object.keys(createRequire(import.meta.url).cache).filter((path) => path.includes('@aws-sdk')).length;
const [endpoint, TableName] = process.argv.slice(-2);
const doc = DynamoDBDocumentClient.from(
  new DynamoDBClient({ region: 'eu-west-2', endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }),
  { marshallOptions: { removeUndefinedValues: true } },
);
const item = { PK: 'P#1', SK: 'A', n: 1, gone: undefined };
const put = () => doc.send(new PutCommand({ TableName, Item: item, ConditionExpression: 'attribute_not_exists(PK)' }));
await put();
let second;
try {
  await put();
  second = 'written twice';
} catch (error) {
  second = error instanceof ConditionalCheckFailedException ? 'conditional check failed' : 'other: ' + error.name;
}
const got = await doc.send(new GetCommand({ TableName, Key: { PK: 'P#1', SK: 'A' } }));
const queried = await doc.send(new QueryCommand({ TableName, KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': 'P#1' } }));
doc.destroy();
console.log(JSON.stringify({ loadedAtStart, second, got: got.Item, count: queried.Count, notAnError: new Error('x') instanceof ConditionalCheckFailedException }));
`;

let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lazy-sdk-'));
  writeFileSync(join(dir, 'entry.mjs'), ENTRY);
  await build({ ...bundleOptions, entryPoints: [join(dir, 'entry.mjs')], outfile: join(dir, 'out', 'index.mjs'), logLevel: 'error' });
  // The runtime's AWS SDK stands in as the workspace's copy, found from the bundle's folder.
  mkdirSync(join(dir, 'node_modules'));
  symlinkSync(join(repo, 'node_modules', '.pnpm', 'node_modules', '@aws-sdk'), join(dir, 'node_modules', '@aws-sdk'));
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the AWS SDK in a Lambda bundle', () => {
  it('loads at the first call, then writes, reads and raises its errors as the SDK does', async () => {
    // Prepare
    const { endpoint, tableName } = await createTestTable();

    // Act
    const { stdout } = await promisify(execFile)(process.execPath, [join(dir, 'out', 'index.mjs'), endpoint, tableName], {
      cwd: dir,
      env: { PATH: process.env.PATH, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    });

    // Assess
    expect(JSON.parse(stdout.trim().split('\n').pop()!)).toEqual({
      loadedAtStart: 0,
      second: 'conditional check failed',
      got: { PK: 'P#1', SK: 'A', n: 1 },
      count: 1,
      notAnError: false,
    });
  });
});
