import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Cron } from 'croner';
import { startDynamoDbLocal, type DynamoDbLocal } from '@app/adapters/dynamodb/local-server';
import { applyLocalDefaults, applyLocalSecrets, makeDataDirPrivate, repoRoot, type LocalEnv } from './env.ts';
import type { LocalQueue } from '@app/local/local-queue/local-queue';
import type { ScheduleDefinition } from '@app/events/schedules';
import type { Base } from '../src/composition/base.ts';
import type { ConsumerDefinition, ScheduledDefinition } from '../src/routes.ts';
import type { HttpHandler } from './server.ts';
import type { ReplayRunner } from './demo-replay.ts';

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

/**
 * Imports a handler module by its routes.ts name (the same file that is bundled for Lambda) and
 * puts its handler on `base` (the local stack's, with its clock, secrets and stand-ins).
 */
export async function importHandler<T>(name: string, base: Base): Promise<T> {
  const mod = (await import(pathToFileURL(join(srcDir, `${name}.ts`)).href)) as { handler?: { on(base: Base): T } };
  if (!mod.handler) throw new Error(`functions/src/${name}.ts does not export a handler`);
  return mod.handler.on(base);
}

/** Every queue consumer of routes.ts, and the consumer of the dead letters, on the in-process queue. */
export async function subscribeConsumers(
  base: Base,
  queue: LocalQueue,
  consumers: ConsumerDefinition[],
  deadLetters: Pick<ConsumerDefinition, 'handler'>,
): Promise<void> {
  for (const consumer of consumers) queue.subscribe(consumer.queue, await importHandler(consumer.handler, base));
  queue.subscribeDeadLetters(await importHandler(deadLetters.handler, base));
}

/**
 * The schedules (onto the planner's queue) and the scheduled functions (billing reconciliation, the
 * closing odds) on local timers, as EventBridge Scheduler runs them on AWS. Returns their stop.
 */
async function startTimers(
  base: Base,
  queue: LocalQueue,
  schedules: ScheduleDefinition[],
  scheduled: ScheduledDefinition[],
  log: (line: string) => void,
): Promise<() => void> {
  const { startScheduler } = await import('./scheduler.ts');
  const scheduler = startScheduler(
    schedules,
    (message) => queue.send('jobs-planner', message),
    (name, error) => log(`schedule ${name} failed: ${(error as Error).message}`),
  );
  const taskTimers = scheduled.map(
    (task) =>
      new Cron(task.cron, { timezone: task.timeZone, protect: true, name: task.name }, async () => {
        try {
          const run = await importHandler<() => Promise<unknown>>(task.handler, base);
          await run();
        } catch (error) {
          log(`task ${task.name} failed: ${(error as Error).message}`);
        }
      }),
  );
  return () => {
    scheduler.stop();
    taskTimers.forEach((t) => t.stop());
  };
}

/**
 * The replay's runs on `base` (whose clock the replay sets): jobs through `queue`, with its
 * consumers subscribed, drained until idle; direct runs through the generation service of every
 * active league (and a results run through the flag-only leagues' results); the odds scan through its task handler.
 */
export async function replayRunnerOn(base: Base, queue: LocalQueue): Promise<ReplayRunner> {
  const { buildFlagOnlyResults, buildGeneration, buildJobs, buildLeagues } = await import('../src/composition/pipeline.ts');
  const jobs = buildJobs(base);
  const leagues = buildLeagues(base);
  const scan = await importHandler<() => Promise<unknown>>('scheduled/scan-odds', base);
  return {
    job: async (type) => {
      await jobs.request(type, 'schedule');
      await queue.drain();
    },
    direct: async (type) => {
      const generation = await buildGeneration(base);
      for (const league of await leagues.listActive()) await (type === 'generate' ? generation.generate(league.id) : generation.ingestResults(league.id));
      // the results job's task for the leagues without a forecast (docs/decisions/0297-results-for-flag-only-leagues.md)
      if (type === 'results') await (await buildFlagOnlyResults(base))?.settle();
    },
    scan: async () => void (await scan()),
  };
}

/**
 * A fresh stack on the demo leagues lives through the demo's last 30 days first
 * (docs/decisions/0332-a-demo-that-has-been-live.md): the real planner, consumers and odds-scan
 * task on a base of their own, whose clock is set to each step's time, against the same table.
 * Once: a table where any generation ran (a replay finished or cut short, or a stack on other data) is not replayed.
 */
async function replayTheDemo(
  base: Base,
  consumers: ConsumerDefinition[],
  deadLetters: Pick<ConsumerDefinition, 'handler'>,
  log: (line: string) => void,
): Promise<void> {
  const { footballProviders } = await import('../src/composition/football-providers.ts');
  const { DEMO_NAME } = await import('@app/local/demo/demo-provider');
  const providers = await footballProviders(base);
  if (providers.fixturesProvider.name !== DEMO_NAME || providers.oddsProvider.name !== DEMO_NAME) return;
  const { buildJobs } = await import('../src/composition/pipeline.ts');
  if (await buildJobs(base).latest('generate')) return;
  const { REPLAY_DAYS, replaySteps, runReplay } = await import('./demo-replay.ts');
  const { DEMO_REPLAY_SETTINGS } = await import('../src/composition/demo-replay.ts');
  const { fixedClock } = await import('@app/core/clock');
  const { localBase, localQueue } = await import('./adapters.ts');
  const { DynamoSettingRepository } = await import('@app/adapters/dynamodb/setting-repository');
  const { table } = await import('../src/composition/tables.ts');

  const to = base.clock.now();
  const steps = replaySteps(to);
  if (!steps.length) return;
  const clock = fixedClock(steps[0]!.at);
  const replay = localBase({ clock });
  const queue = localQueue(replay);
  await subscribeConsumers(replay, queue, consumers, deadLetters);
  const settings = table(base, DynamoSettingRepository);
  const window = await settings.getOrCreate(DEMO_REPLAY_SETTINGS.window, () => ({ from: steps[0]!.at.toISOString(), to: to.toISOString() }));
  log(`first start: replaying the demo's last ${REPLAY_DAYS} days through the pipeline on the demo clock, from ${window.from} (${steps.length} runs)`);
  const started = performance.now();
  await runReplay(steps, clock, await replayRunnerOn(replay, queue), (day, done, of) =>
    log(`replayed ${day} (${done} of ${of} days, ${((performance.now() - started) / 1000).toFixed(1)} s)`),
  );
  await settings.getOrCreate(DEMO_REPLAY_SETTINGS.done, () => ({ at: to.toISOString() }));
  log(`the demo's replay is done: its ledger holds what the pipeline published before each kickoff, on the demo clock`);
}

/** Listens on `port`, saying plainly when another server has it. */
async function listen(server: Server, port: number, host: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' ? new Error(`Port ${port} is already in use. Stop the other server or set PORT, e.g. PORT=3001 npm start`) : error),
    );
    server.listen(port, host, resolve);
  });
  server.keepAliveTimeout = 65_000;
}

/**
 * Writes the marker by which the operator CLIs find the running stack's DynamoDB Local, and
 * returns its removal. An in-memory stack only announces itself in a folder of its own (e2e),
 * never in the default one.
 */
function announce(env: LocalEnv, port: number, dynamodbEndpoint: string): () => void {
  if (env.inMemory && !process.env.DATA_DIR) return () => undefined;
  mkdirSync(env.dataDir, { recursive: true });
  const marker = join(env.dataDir, 'local-stack.json');
  writeFileSync(marker, JSON.stringify({ pid: process.pid, port, dynamodbEndpoint }));
  return () => {
    if (existsSync(marker)) rmSync(marker);
  };
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
    // The data folder and all in it, the user's alone (in memory: only the marker, in a folder of its own).
    if (!env.inMemory || process.env.DATA_DIR) makeDataDirPrivate(env.dataDir);
    const dbPath = env.inMemory ? undefined : join(env.dataDir, 'dynamodb');
    const dynamo: DynamoDbLocal = await startDynamoDbLocal({ dbPath, anyInterface: env.allowRemote, warn: log });
    cleanups.push(() => dynamo.stop());
    log(`DynamoDB Local ready on ${dynamo.endpoint} (${dbPath ? `data in ${dbPath}` : 'in memory'})`);

    // PORT=0 (tests) picks a free port now: the origin checks need the real one before any handler loads.
    const port = env.port === 0 ? await freePort() : env.port;
    applyLocalDefaults({ port, dynamodbEndpoint: dynamo.endpoint });
    applyLocalSecrets(env);
    // Imported once the environment is set, which the base below reads.
    const { routes, consumers, deadLetterConsumer, scheduled } = await import('../src/routes.ts');
    const { schedules } = await import('@app/events/schedules');
    const { localBase, localQueue } = await import('./adapters.ts');
    const { buildJobs } = await import('../src/composition/pipeline.ts');
    const { clockFrom } = await import('@app/core/clock');
    const { pageFilesIn } = await import('../src/composition/site-pages.ts');
    const webDist = join(repoRoot, 'web', 'dist');
    // The stack's root: its environment, its clock (a replayed one with LOCAL_CLOCK_START), its stand-ins, and the
    // page files of the web build it serves (read from web/dist, as the deployed page function reads its bundled copy).
    const base = localBase({
      pageHtml: pageFilesIn(webDist, { keep: false }),
      ...(env.clockStart ? { clock: clockFrom(env.clockStart) } : {}),
      ...(env.scryptLogN === undefined ? {} : { scryptLogN: env.scryptLogN }),
    });
    if (env.clockStart) log(`the clock starts at ${env.clockStart.toISOString()} (LOCAL_CLOCK_START)`);
    if (env.scryptLogN !== undefined) log(`new password hashes cost 2^${env.scryptLogN}, not 2^17 (LOCAL_SCRYPT_LOG_N: for tests only)`);
    const { ensureTable } = await import('@app/adapters/dynamodb/table-admin');
    const { createLocalServer } = await import('./server.ts');
    const { localAdmin } = await import('./local-admin.ts');
    const { catchUp } = await import('./catch-up.ts');

    const { config, doc } = base;
    const created = await ensureTable(doc, config.TABLE_NAME);
    log(`Table ${config.TABLE_NAME} ${created}`);

    const queue = localQueue(base);
    await subscribeConsumers(base, queue, consumers, deadLetterConsumer);
    queue.start();
    cleanups.push(() => queue.stop());
    // The timers follow the machine's clock, not a replayed one: with LOCAL_CLOCK_START only the catch-up runs.
    // They start after a first start's replay of the demo (below), which owns the pipeline's locks until it ends.
    const timed = env.pipeline && !env.clockStart;
    let stopTimers: (() => void) | undefined;
    let stopped = false;
    cleanups.push(() => {
      stopped = true;
      stopTimers?.();
    });

    const server: Server = createLocalServer({
      routes,
      loadHandler: (route) => importHandler<HttpHandler>(route.handler, base),
      webDist,
      extra: localAdmin({ base, queue, selfUrl: () => `http://127.0.0.1:${port}` }),
      log: process.env.LOCAL_REQUEST_LOG === '0' ? undefined : log,
    });
    await listen(server, port, env.host);
    cleanups.push(() => new Promise<void>((r) => server.close(() => r())));
    cleanups.push(() => void server.closeAllConnections());
    cleanups.push(announce(env, port, dynamo.endpoint));

    // In the background: the server answers (with empty lists, and the replay's progress) while the first runs work.
    if (env.pipeline)
      void Promise.resolve()
        .then(() => (env.demoReplay ? replayTheDemo(base, consumers, deadLetterConsumer, log) : undefined))
        .catch((error: Error) => log(`the demo's replay stopped: ${error.message}`))
        .then(async () => {
          // Stopped during the replay: nothing more starts.
          if (stopped) return;
          stopTimers = await startTimers(base, queue, timed ? schedules : [], timed ? scheduled : [], log);
          await catchUp(buildJobs(base), base.clock, log);
        })
        .catch((error: Error) => log(`could not start the catch-up jobs: ${error.message}`));
    else stopTimers = await startTimers(base, queue, [], [], log);

    return { url: `http://localhost:${port}`, port, dynamodbEndpoint: dynamo.endpoint, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
