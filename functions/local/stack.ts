import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Cron } from 'croner';
import { startDynamoDbLocal, type DynamoDbLocal } from '@app/adapters/dynamodb/local-server';
import { applyLocalDefaults, applyLocalSecrets, repoRoot, type LocalEnv } from './env.ts';
import type { HttpHandler } from './server.ts';

export interface LocalStack {
  url: string;
  port: number;
  dynamodbEndpoint: string;
  stop(): Promise<void>;
}

const srcDir = join(repoRoot, 'functions', 'src');

/** A port that is free right now (the OS picks it). */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => probe.once('error', reject).listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** Imports a handler module by its routes.ts name (the same file that is bundled for Lambda). */
async function importHandler<T>(name: string): Promise<T> {
  const mod = (await import(pathToFileURL(join(srcDir, `${name}.ts`)).href)) as { handler?: T };
  if (!mod.handler) throw new Error(`functions/src/${name}.ts does not export a handler`);
  return mod.handler;
}

/**
 * Boots the whole product on one machine: DynamoDB Local, the table, the in-process queue with
 * its consumers, the schedules, and the HTTP server (API handlers + the built SPA).
 */
export async function startLocalStack(env: LocalEnv, log: (line: string) => void): Promise<LocalStack> {
  env.warnings.forEach(log);
  const cleanups: Array<() => Promise<void> | void> = [];
  const stop = async () => {
    for (const cleanup of cleanups.reverse()) {
      try {
        await cleanup();
      } catch (error) {
        log(`cleanup failed: ${(error as Error).message}`);
      }
    }
  };
  try {
    const dbPath = env.inMemory ? undefined : join(env.dataDir, 'dynamodb');
    const dynamo: DynamoDbLocal = await startDynamoDbLocal({ dbPath, anyInterface: env.allowRemote, warn: log });
    cleanups.push(() => dynamo.stop());
    log(`DynamoDB Local ready on ${dynamo.endpoint} (${dbPath ? `data in ${dbPath}` : 'in memory'})`);

    // PORT=0 (tests) picks a free port now: the origin checks need the real one before any handler loads.
    const port = env.port === 0 ? await freePort() : env.port;
    applyLocalDefaults({ port, dynamodbEndpoint: dynamo.endpoint });
    applyLocalSecrets(env);
    // Imported only now, so the handlers' configuration sees the local environment.
    const { routes, consumers, deadLetterConsumer, tasks } = await import('../src/routes.ts');
    const { schedules } = await import('@app/events/schedules');
    const { installLocal, localOutbox, localQueue } = await import('./adapters.ts');
    installLocal();
    const { appClock, base, useClock } = await import('../src/composition/base.ts');
    if (env.clockStart) {
      const { clockFrom } = await import('@app/core/clock');
      useClock(clockFrom(env.clockStart));
      log(`the clock starts at ${env.clockStart.toISOString()} (LOCAL_CLOCK_START)`);
    }
    const { paymentGateway } = await import('../src/composition/billing.ts');
    const { jobService } = await import('../src/composition/pipeline.ts');
    const { redriveEmails, undeliveredEmails } = await import('../src/composition/email.ts');
    const { ensureTable } = await import('@app/adapters/dynamodb/table-admin');
    const { createLocalServer } = await import('./server.ts');
    const { startScheduler } = await import('./scheduler.ts');
    const { localAdmin } = await import('./local-admin.ts');
    const { catchUp } = await import('./catch-up.ts');

    const { config, doc } = await base();
    const created = await ensureTable(doc, config.TABLE_NAME);
    log(`Table ${config.TABLE_NAME} ${created}`);

    const queue = localQueue();
    for (const consumer of consumers) {
      queue.subscribe(consumer.queue, await importHandler(consumer.handler));
    }
    queue.subscribeDeadLetters(await importHandler(deadLetterConsumer.handler));
    queue.start();
    cleanups.push(() => queue.stop());

    // The timers follow the machine's clock, not a replayed one: with LOCAL_CLOCK_START only the catch-up runs.
    const timed = env.pipeline && !env.clockStart;
    const scheduler = startScheduler(
      timed ? schedules : [],
      (message) => queue.send('jobs-planner', message),
      (name, error) => log(`schedule ${name} failed: ${(error as Error).message}`),
    );
    cleanups.push(() => scheduler.stop());
    // The scheduled tasks (billing reconciliation) on local timers, as EventBridge Scheduler runs them on AWS.
    const taskTimers = (timed ? tasks : []).map(
      (task) =>
        new Cron(task.cron, { timezone: task.timeZone, protect: true, name: task.name }, async () => {
          try {
            await (await importHandler<() => Promise<unknown>>(task.handler))();
          } catch (error) {
            log(`task ${task.name} failed: ${(error as Error).message}`);
          }
        }),
    );
    cleanups.push(() => taskTimers.forEach((t) => t.stop()));

    const server: Server = createLocalServer({
      routes,
      loadHandler: (route) => importHandler<HttpHandler>(route.handler),
      webDist: join(repoRoot, 'web', 'dist'),
      extra: localAdmin({ queue, billing: paymentGateway, jobs: jobService, outbox: localOutbox, redriveEmails, undeliveredEmails, selfUrl: () => `http://127.0.0.1:${port}` }),
      log: process.env.LOCAL_REQUEST_LOG === '0' ? undefined : log,
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', (error: NodeJS.ErrnoException) =>
        reject(error.code === 'EADDRINUSE' ? new Error(`Port ${port} is already in use. Stop the other server or set PORT, e.g. PORT=3001 npm start`) : error),
      );
      server.listen(port, env.host, resolve);
    });
    server.keepAliveTimeout = 65_000;
    cleanups.push(() => new Promise<void>((r) => server.close(() => r())));
    cleanups.push(() => void server.closeAllConnections());

    // Lets the operator CLIs find the running stack's DynamoDB Local.
    mkdirSync(env.dataDir, { recursive: true });
    const marker = join(env.dataDir, 'local-stack.json');
    // An in-memory stack only announces itself in a folder of its own (e2e), never in the default one.
    if (!env.inMemory || process.env.DATA_DIR) {
      writeFileSync(marker, JSON.stringify({ pid: process.pid, port, dynamodbEndpoint: dynamo.endpoint }));
      cleanups.push(() => {
        if (existsSync(marker)) rmSync(marker);
      });
    }

    // In the background: the server answers (with empty lists) while the first run works.
    if (env.pipeline) void jobService()
      .then((jobs) => catchUp(jobs, appClock, log))
      .catch((error: Error) => log(`could not start the catch-up jobs: ${error.message}`));

    return { url: `http://localhost:${port}`, port, dynamodbEndpoint: dynamo.endpoint, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
