/**
 * The composition root's base: what every function gets (configuration, the table client, the
 * clock, the secret reader, and on a laptop the local stand-ins). A Lambda builds one from its
 * environment at its first request (`productionBase`); the local stack, its CLIs and the test
 * harness build their own with `makeBase`, passing their clock, secrets and stand-ins in. Every
 * table adapter (tables.ts) and every area the handlers name is built once per base, on first use.
 */
import { createDocumentClient } from '@app/adapters/dynamodb/client';
import { readSecret } from '@app/adapters/secrets/secrets-manager';
import { systemClock, type Clock } from '@app/core/clock';
import { allowedOrigins, getConfig, type Config } from '@app/platform/config';
import { logger } from '@app/platform/logger';
import { memoAsync, rebuildOnChange } from '@app/platform/memo';
import type { PaymentGateway } from '@app/core/billing/ports';
import type { EmailSender } from '@app/core/email/ports';
import type { MessageQueue } from '@app/core/queues/ports';
import type { FeedResultsProvider, FixtureProvider, League, OddsProvider } from '@app/core/pipeline/providers';
import type { SeasonRulesOf } from '@app/core/seasons/ports';

/** Reads a secret's string value (Secrets Manager, cached for minutes so a rotation is picked up). */
export type SecretReader = (arn: string, region: string) => Promise<string>;

/** Where the HTML of a page file (`/match.html`, `/team.html`, ...) comes from (the page function's bundled copy, web/dist locally, or a test's stand-in). */
export type PageHtmlSource = (file: string) => Promise<string | undefined>;

export interface Base {
  config: Config;
  doc: ReturnType<typeof createDocumentClient>;
  clock: Clock;
  secrets: SecretReader;
  /** The laptop's stand-ins (queue, outbox, payments, football data); absent on AWS. */
  local?: LocalAdapters;
  /** Replaces the page files bundled beside the page function (the local stack reads web/dist; tests have no web build). */
  pageHtml?: PageHtmlSource;
  /**
   * The cost (scrypt's log2 N) of new password hashes: OWASP's 17 unless given. Only a test stack
   * gives less (docs/decisions/0272-test-stacks-hash-passwords-cheaper.md).
   */
  scryptLogN?: number;
}

/** Where the pipeline reads fixtures, results and odds. */
export interface FootballProviders {
  fixturesProvider: FixtureProvider;
  oddsProvider: OddsProvider;
  /**
   * The season rules of leagues the provider defines itself (the demo leagues); every other league's
   * come from the model's table (docs/decisions/0170-season-simulations.md).
   */
  seasonRules?: SeasonRulesOf;
  /**
   * The results of the fixtures the odds source lists itself (The Odds API's `/scores`, the demo's): what settles the
   * flag-only leagues (docs/decisions/0297-results-for-flag-only-leagues.md). None without such a source.
   */
  feedResults?: FeedResultsProvider;
  /** The leagues flagged without a forecast, for a source that defines its own (the demo's); elsewhere `VALUE_ONLY_LEAGUES` against the catalog. */
  flagOnlyLeagues?: League[];
}

/** The laptop's stand-ins (local-adapters.ts is where the composition asks for them). */
export interface LocalAdapters {
  /** The in-process queue with SQS semantics. */
  messageQueue(base: Base): MessageQueue;
  /** The outbox kept in the local table and shown at /__local/mail. */
  emailSender(base: Base): EmailSender;
  /** The test-mode checkout and billing clock, signing its webhooks with `webhookSecret`. */
  paymentGateway(base: Base, webhookSecret: string): PaymentGateway;
  /** Demo leagues, or a football-data.co.uk folder replayed around today; `liveOdds` replaces their odds when set. */
  footballProviders(base: Base, liveOdds: (OddsProvider & FeedResultsProvider) | undefined): Promise<FootballProviders>;
}

export interface BaseInputs {
  config: Config;
  /** The system's clock unless given (tests, a replayed season). */
  clock?: Clock;
  /** Secrets Manager unless given (tests rotate secrets with it). */
  secrets?: SecretReader;
  local?: LocalAdapters;
  pageHtml?: PageHtmlSource;
  scryptLogN?: number;
}

/** A base from its inputs: the table client is made here, the rest is what was passed. */
export function makeBase(inputs: BaseInputs): Base {
  const { config } = inputs;
  logger.setLogLevel(config.LOG_LEVEL);
  const doc = createDocumentClient({ region: config.AWS_REGION, endpoint: config.DYNAMODB_ENDPOINT });
  return {
    config,
    doc,
    clock: inputs.clock ?? systemClock,
    secrets: inputs.secrets ?? readSecret,
    ...(inputs.local ? { local: inputs.local } : {}),
    ...(inputs.pageHtml ? { pageHtml: inputs.pageHtml } : {}),
    ...(inputs.scryptLogN === undefined ? {} : { scryptLogN: inputs.scryptLogN }),
  };
}

let production: Base | undefined;

/** A Lambda's base: its environment, the system's clock, Secrets Manager; no stand-ins. Built once per container. */
export function productionBase(): Base {
  production ??= makeBase({ config: getConfig() });
  return production;
}

export const origins = (b: Base) => allowedOrigins(b.config);

const built = new WeakMap<Base, Map<object, unknown>>();

/** `build()` once per base, under `key` (the builder itself, or an adapter's class). */
export function once<T>(base: Base, key: object, build: () => T): T {
  let values = built.get(base);
  if (!values) built.set(base, (values = new Map()));
  if (!values.has(key)) values.set(key, build());
  return values.get(key) as T;
}

/** What `once(base, key, ...)` built on this base, if anything: undefined before its first use (nothing is built here). */
export function builtAlready<T>(base: Base, key: object): T | undefined {
  return built.get(base)?.get(key) as T | undefined;
}

/** `build()` once per base; a failed build is retried on the next call. */
export function onceAsync<T>(base: Base, key: object, build: () => Promise<T>): Promise<T> {
  return once(base, key, () => memoAsync(build))();
}

/** Built from a secret and rebuilt once per base when it changes (`rebuildOnChange`): a rotation reaches warm containers. */
export function rebuilt<K, T>(
  base: Base,
  key: object,
  readKey: () => Promise<K>,
  build: (key: K) => T | Promise<T>,
  sameKey?: (a: K, b: K) => boolean,
): Promise<T> {
  return once(base, key, () => rebuildOnChange(readKey, build, sameKey))();
}

/** A secret's value: the environment's when set (local stack, tests), else the Secrets Manager secret. */
export async function secretValue(base: Base, fromEnv: string | undefined, arn: string | undefined): Promise<string | undefined> {
  if (fromEnv) return fromEnv;
  if (!arn) return undefined;
  return (await base.secrets(arn, base.config.AWS_REGION)).trim();
}

/** A field of a JSON secret, or the environment's value when set. */
export async function secretField(base: Base, fromEnv: string | undefined, arn: string | undefined, field: string): Promise<string | undefined> {
  if (fromEnv) return fromEnv;
  if (!arn) return undefined;
  const v = (JSON.parse(await base.secrets(arn, base.config.AWS_REGION)) as Record<string, unknown>)[field];
  return typeof v === 'string' && v.length > 0 ? v : undefined;
}

/** `write`, then `then()` once it succeeded (a store that drops this process's cached reads after a write). */
export function afterwards<A extends unknown[], R>(write: (...args: A) => Promise<R>, then: () => void): (...args: A) => Promise<R> {
  return async (...args) => {
    const result = await write(...args);
    then();
    return result;
  };
}
