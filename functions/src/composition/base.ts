/**
 * The composition root: what every function gets (configuration, the table client, the
 * clock, secrets). Every factory of the composition modules is lazy and awaited: built on first
 * use in a cold start, shared after that.
 */
import { createDocumentClient } from '@app/adapters/dynamodb/client';
import { readSecret } from '@app/adapters/secrets/secrets-manager';
import { systemClock, type Clock } from '@app/core/clock';
import { allowedOrigins, getConfig, type Config } from '@app/platform/config';
import { logger } from '@app/platform/logger';
import { memoAsync } from '@app/platform/memo';

export interface Base {
  config: Config;
  doc: ReturnType<typeof createDocumentClient>;
  clock: Clock;
}

let injectedClock: Clock | undefined;

/** Runs everything (jobs, providers, the local queue) on `clock` instead of the system's: tests use it. */
export function useClock(clock: Clock): void {
  injectedClock = clock;
}

/** The app's clock: the system's, or the one a test injected with `useClock`. */
export const appClock: Clock = { now: () => (injectedClock ?? systemClock).now() };

export const base = /* @__PURE__ */ memoAsync(async (): Promise<Base> => {
  const config = getConfig();
  logger.setLogLevel(config.LOG_LEVEL);
  const doc = createDocumentClient({ region: config.AWS_REGION, endpoint: config.DYNAMODB_ENDPOINT });
  return { config, doc, clock: appClock };
});

export const origins = (b: Base) => allowedOrigins(b.config);

/** Reads a secret's string value (Secrets Manager, cached for minutes so a rotation is picked up); tests swap it. */
export type SecretReader = (arn: string, region: string) => Promise<string>;
let secretReader: SecretReader = readSecret;

/** Replaces the Secrets Manager reader (tests rotate secrets with it). */
export function useSecretReader(reader: SecretReader): void {
  secretReader = reader;
}

/** A secret's value: the environment's when set (local stack, tests), else the Secrets Manager secret. */
export async function secretValue(fromEnv: string | undefined, arn: string | undefined): Promise<string | undefined> {
  if (fromEnv) return fromEnv;
  if (!arn) return undefined;
  return (await secretReader(arn, (await base()).config.AWS_REGION)).trim();
}

/** A field of a JSON secret, or the environment's value when set. */
export async function secretField(fromEnv: string | undefined, arn: string | undefined, field: string): Promise<string | undefined> {
  if (fromEnv) return fromEnv;
  if (!arn) return undefined;
  const v = (JSON.parse(await secretReader(arn, (await base()).config.AWS_REGION)) as Record<string, unknown>)[field];
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
