// Operator CLIs work against the running local stack when there is one, else they start their
// own DynamoDB Local on the same data folder.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startDynamoDbLocal } from '@app/adapters/dynamodb/local-server';
import { applyLocalDefaults, applyLocalSecrets, readLocalEnv } from '../env.ts';

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

/** Points the composition root at the local table; returns a function that releases it. */
export async function connectLocal(): Promise<() => Promise<void>> {
  const env = readLocalEnv();
  const running = runningStack();
  let stop = async () => {};
  let endpoint = running?.dynamodbEndpoint;
  if (!endpoint) {
    const dynamo = await startDynamoDbLocal({ dbPath: join(env.dataDir, 'dynamodb'), anyInterface: env.allowRemote, warn: (line) => console.error(line) });
    endpoint = dynamo.endpoint;
    stop = () => dynamo.stop();
  }
  applyLocalDefaults({ port: running?.port ?? env.port, dynamodbEndpoint: endpoint });
  applyLocalSecrets(env);
  const { installLocal } = await import('../adapters.ts');
  installLocal();
  const { base } = await import('../../src/composition/base.ts');
  const { ensureTable } = await import('@app/adapters/dynamodb/table-admin');
  const { doc, config } = await base();
  await ensureTable(doc, config.TABLE_NAME);
  return stop;
}

export function fail(message: string): never {
  console.error(message);
  process.exit(1);
}
