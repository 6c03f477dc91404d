/**
 * Turns the route manifest (functions/src/routes.ts) into the list of Lambda functions to build.
 * One function per handler module for HTTP routes (routes that share a module share a function,
 * with the union of their needs), one per queue consumer and one per scheduled function. Pure:
 * unit-tested without CDK.
 */
import { DEAD_LETTER_CONSUMER_TIMEOUT_SECONDS, EMAIL_QUEUES, queueNames, queues, type QueueName } from '@app/events/queues';
import { deadLetterConsumer, routeKey, type ConsumerDefinition, type RouteDefinition, type ScheduledDefinition } from '@app/functions/routes';

/** What a function may use besides the table: the job queues, Stripe, the football data providers. */
export type Capability = NonNullable<RouteDefinition['uses']>[number] | NonNullable<ConsumerDefinition['uses']>[number];

export interface FunctionSpec {
  /** Construct id, stable for a given handler module (or queue): renaming it replaces the function. */
  id: string;
  /** Module under functions/src, without extension, exporting `handler`. */
  handler: string;
  kind: 'http' | 'consumer' | 'scheduled';
  access: 'read' | 'write';
  uses: Capability[];
  timeoutSeconds: number;
  memoryMb: number;
  /** HTTP functions: the routes they serve. */
  routes: RouteDefinition[];
  /** Consumers: the queue they consume (none: the dead-letter consumer, which reads every DLQ). */
  queue?: QueueName;
  /** Scheduled functions: their definition (cron, time zone). */
  schedule?: ScheduledDefinition;
}

/** Lambda's own ceiling is 900 s; a daily task that needs longer should be a job. */
export const MAX_SCHEDULED_TIMEOUT_SECONDS = 900;

/** API Gateway HTTP APIs give up on an integration after 30 s. */
/** Below API Gateway's 30 s integration limit, so the function's own error answers, not a gateway 503. */
export const MAX_HTTP_TIMEOUT_SECONDS = 29;
export const DEFAULT_HTTP_TIMEOUT_SECONDS = 10;
export const DEFAULT_MEMORY_MB = 512;
/** scrypt N=2^17, r=8 needs 128 MiB and a full vCPU second; Lambda's CPU share grows with memory. */
export const AUTH_MEMORY_MB = 1024;

export class ManifestError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ManifestError';
  }
}

const pascal = (s: string) =>
  s
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((p) => p[0]!.toUpperCase() + p.slice(1))
    .join('');

/** Default memory of a route: auth routes hash passwords. */
export function defaultMemoryMb(route: Pick<RouteDefinition, 'path'>): number {
  return route.path.startsWith('/api/auth/') ? AUTH_MEMORY_MB : DEFAULT_MEMORY_MB;
}

function checkMemory(where: string, memoryMb: number) {
  if (!Number.isInteger(memoryMb) || memoryMb < 128 || memoryMb > 10240) {
    throw new ManifestError(`${where}: memoryMb must be an integer between 128 and 10240, got ${memoryMb}`);
  }
}

export function httpFunctionSpecs(routes: readonly RouteDefinition[]): FunctionSpec[] {
  const seen = new Set<string>();
  const byHandler = new Map<string, FunctionSpec>();
  for (const route of routes) {
    const key = routeKey(route);
    if (seen.has(key)) throw new ManifestError(`Duplicate route '${key}'`);
    seen.add(key);
    // CloudFront sends /api/* to the API, and a route outside it only through its own cached
    // behaviour (`cdn`, e.g. /sitemap.xml, or /teams/* for the team pages); anything else would be
    // unreachable. A page path with a parameter must sit under a fixed first segment, so its
    // behaviour (`/teams/*`) never takes the SPA's own pages.
    if (!route.path.startsWith('/api/') && !(route.cdn === 'shared' && route.method === 'GET' && /^\/[\w.-]+(\/\{\w+\})?$/.test(route.path))) {
      throw new ManifestError(`Route '${key}': paths must start with /api/ (or be a GET path with cdn: 'shared', fixed or '/<segment>/{param}')`);
    }
    const timeoutSeconds = route.timeoutSeconds ?? DEFAULT_HTTP_TIMEOUT_SECONDS;
    if (!Number.isInteger(timeoutSeconds) || timeoutSeconds < 1 || timeoutSeconds > MAX_HTTP_TIMEOUT_SECONDS) {
      throw new ManifestError(`Route '${key}': timeoutSeconds must be 1..${MAX_HTTP_TIMEOUT_SECONDS} (API Gateway's limit), got ${timeoutSeconds}`);
    }
    const memoryMb = route.memoryMb ?? defaultMemoryMb(route);
    checkMemory(`Route '${key}'`, memoryMb);

    const existing = byHandler.get(route.handler);
    if (!existing) {
      byHandler.set(route.handler, {
        id: pascal(route.handler),
        handler: route.handler,
        kind: 'http',
        access: route.access,
        uses: [...new Set<Capability>(route.uses ?? [])].sort(),
        timeoutSeconds,
        memoryMb,
        routes: [route],
      });
    } else {
      existing.routes.push(route);
      if (route.access === 'write') existing.access = 'write';
      existing.uses = [...new Set<Capability>([...existing.uses, ...(route.uses ?? [])])].sort();
      existing.timeoutSeconds = Math.max(existing.timeoutSeconds, timeoutSeconds);
      existing.memoryMb = Math.max(existing.memoryMb, memoryMb);
    }
  }
  return [...byHandler.values()];
}

/** The queue consumers, plus (when there are any) the consumer of their dead-letter queues. */
export function consumerFunctionSpecs(consumers: readonly ConsumerDefinition[]): FunctionSpec[] {
  const specs = queueConsumerSpecs(consumers);
  if (specs.length === 0) return specs;
  return [
    ...specs,
    {
      id: 'ConsumerDeadLetters',
      handler: deadLetterConsumer.handler,
      kind: 'consumer',
      access: deadLetterConsumer.access,
      uses: [...deadLetterConsumer.uses],
      timeoutSeconds: DEAD_LETTER_CONSUMER_TIMEOUT_SECONDS,
      memoryMb: DEFAULT_MEMORY_MB,
      routes: [],
    },
  ];
}

function queueConsumerSpecs(consumers: readonly ConsumerDefinition[]): FunctionSpec[] {
  const seen = new Set<QueueName>();
  return consumers.map((consumer) => {
    if (!queueNames.includes(consumer.queue)) {
      throw new ManifestError(`Consumer '${consumer.handler}': unknown queue '${consumer.queue}' (known: ${queueNames.join(', ')})`);
    }
    if (seen.has(consumer.queue)) throw new ManifestError(`Queue '${consumer.queue}' has more than one consumer`);
    seen.add(consumer.queue);
    const memoryMb = consumer.memoryMb ?? DEFAULT_MEMORY_MB;
    checkMemory(`Consumer of '${consumer.queue}'`, memoryMb);
    return {
      id: `Consumer${pascal(consumer.queue)}`,
      handler: consumer.handler,
      kind: 'consumer' as const,
      access: consumer.access,
      uses: [...new Set<Capability>(consumer.uses ?? [])].sort(),
      // The queue's visibility timeout is derived from the same number (events/src/queues.ts).
      timeoutSeconds: queues[consumer.queue].consumerTimeoutSeconds,
      memoryMb,
      routes: [],
      queue: consumer.queue,
    };
  });
}

export function scheduledFunctionSpecs(definitions: readonly ScheduledDefinition[]): FunctionSpec[] {
  const seen = new Set<string>();
  return definitions.map((task) => {
    if (seen.has(task.name)) throw new ManifestError(`Duplicate scheduled function '${task.name}'`);
    seen.add(task.name);
    if (!Number.isInteger(task.timeoutSeconds) || task.timeoutSeconds < 1 || task.timeoutSeconds > MAX_SCHEDULED_TIMEOUT_SECONDS) {
      throw new ManifestError(`Scheduled function '${task.name}': timeoutSeconds must be 1..${MAX_SCHEDULED_TIMEOUT_SECONDS}, got ${task.timeoutSeconds}`);
    }
    const memoryMb = task.memoryMb ?? DEFAULT_MEMORY_MB;
    checkMemory(`Scheduled function '${task.name}'`, memoryMb);
    return {
      id: `Scheduled${pascal(task.name)}`,
      handler: task.handler,
      kind: 'scheduled' as const,
      access: task.access,
      uses: [...new Set<Capability>(task.uses ?? [])].sort(),
      timeoutSeconds: task.timeoutSeconds,
      memoryMb,
      routes: [],
      schedule: task,
    };
  });
}

/**
 * The area whose composite alarm speaks for a function (one message per incident): anything
 * that calls Stripe is billing, the email queues' consumers are email, the rest of the HTTP
 * functions are the API and the rest of the consumers and scheduled functions are the jobs.
 */
export function areaOf(spec: Pick<FunctionSpec, 'kind' | 'uses' | 'queue'>): 'api' | 'jobs' | 'billing' | 'email' {
  if (spec.uses.includes('stripe')) return 'billing';
  if (spec.kind === 'http') return 'api';
  if (spec.queue && EMAIL_QUEUES.includes(spec.queue)) return 'email';
  return 'jobs';
}
