// Operator CLIs work against the running local stack when there is one, else they start their
// own DynamoDB Local on the same data folder.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { startDynamoDbLocal } from '@app/adapters/dynamodb/local-server';
import type { Base } from '../../src/composition/base.ts';
import { applyLocalDefaults, applyLocalSecrets, makeDataDirPrivate, readLocalEnv } from '../env.ts';

/** A CLI's connection: the composition root's base it runs on, and its release. */
export interface Connection {
  base: Base;
  release: () => Promise<void>;
}

export interface RunningStack {
  pid: number;
  port: number;
  dynamodbEndpoint: string;
}

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

/** The local stack started by `npm start`, if it is running. */
export function runningStack(): RunningStack | undefined {
  const env = readLocalEnv();
  const file = join(env.dataDir, 'local-stack.json');
  if (!existsSync(file)) return undefined;
  const stack = JSON.parse(readFileSync(file, 'utf8')) as RunningStack;
  try {
    process.kill(stack.pid, 0);
    return stack;
  } catch {
    return undefined;
  }
}

/** A base on the local table, and what releases it. */
export async function connectLocal(): Promise<Connection> {
  const env = readLocalEnv();
  const running = runningStack();
  let stop = async () => {};
  let endpoint = running?.dynamodbEndpoint;
  if (!endpoint) {
    // An operator command on a stopped stack starts DynamoDB Local on the same private folder.
    makeDataDirPrivate(env.dataDir);
    const dynamo = await startDynamoDbLocal({ dbPath: join(env.dataDir, 'dynamodb'), anyInterface: env.allowRemote, warn: (line) => console.error(line) });
    endpoint = dynamo.endpoint;
    stop = () => dynamo.stop();
  }
  applyLocalDefaults({ port: running?.port ?? env.port, dynamodbEndpoint: endpoint });
  applyLocalSecrets(env);
  const { localBase } = await import('../adapters.ts');
  const base = localBase();
  const { ensureTable } = await import('@app/adapters/dynamodb/table-admin');
  await ensureTable(base.doc, base.config.TABLE_NAME);
  return { base, release: stop };
}

export function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** An operator CLI's arguments (positionals allowed), or its usage and exit 1 on one it does not know. */
export function parseCli<O extends NonNullable<ParseArgsConfig['options']>>(usage: string, options: O) {
  try {
    return parseArgs({ args: process.argv.slice(2), allowPositionals: true, options });
  } catch (error) {
    return fail(`${(error as Error).message}\n${usage}`);
  }
}

/** The operator CLIs' arguments: positionals, `--stage dev|prod --table <TableName> [--region]` for a deployed table, and `flags` (booleans). */
export function parseTableArgs(usage: string, flags: readonly string[] = []) {
  const parsed = parseCli(usage, {
    stage: { type: 'string' },
    table: { type: 'string' },
    region: { type: 'string' },
    ...Object.fromEntries(flags.map((f) => [f, { type: 'boolean' as const }])),
  });
  const { stage, table, region } = parsed.values as { stage?: string; table?: string; region?: string };
  if (stage !== undefined && stage !== 'dev' && stage !== 'staging' && stage !== 'prod') fail(`--stage must be dev, staging or prod\n${usage}`);
  if (stage && !(table ?? process.env.TABLE_NAME)) {
    fail(
      `--stage needs the table: --table <TableName output of fp-${stage}>, e.g.\n` +
        `  --table "$(aws cloudformation describe-stacks --stack-name fp-${stage} --query "Stacks[0].Outputs[?OutputKey=='TableName'].OutputValue" --output text)"`,
    );
  }
  return { positionals: parsed.positionals, stage, table, region, flags: parsed.values as Record<string, unknown> };
}

/**
 * A base on a deployed stage's table (the SDK's default credential chain: AWS_PROFILE, SSO...; no
 * endpoint) or, without a stage, on the local stack's; with what releases it.
 */
export async function connectTable({ stage, table, region }: { stage?: string; table?: string; region?: string }): Promise<Connection> {
  if (!stage) return connectLocal();
  Object.assign(process.env, { STAGE: stage, TABLE_NAME: table ?? process.env.TABLE_NAME, ...(region ? { AWS_REGION: region } : {}) });
  delete process.env.DYNAMODB_ENDPOINT;
  const { productionBase } = await import('../../src/composition/base.ts');
  return { base: productionBase(), release: async () => {} };
}
