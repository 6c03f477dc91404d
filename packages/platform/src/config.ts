import { PRODUCT_NAME } from '@app/contracts/brand';
import * as z from 'zod/mini';

const csv = z.pipe(
  z.optional(z.string()),
  z.transform((v) =>
    (v ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  ),
);

/** `all`, `none`, or league ids (the catalog's: E0, AUT...) separated by commas. */
const leagueSetting = z.pipe(
  z._default(z.string(), 'all'),
  z.pipe(
    z.transform((v: string) => {
      const t = v.trim();
      if (t === 'all' || t === 'none') return t;
      return t
        .split(',')
        .map((s) => s.trim().toUpperCase())
        .filter(Boolean);
    }),
    z.union([
      z.literal('all'),
      z.literal('none'),
      z.array(z.string().check(z.regex(/^[A-Z0-9]{2,4}$/, 'VALUE_ONLY_LEAGUES: all, none, or league ids (E0, AUT...) separated by commas'))),
    ]),
  ),
);

/**
 * Every environment variable the product reads, parsed once. Nothing else reads `process.env`.
 * docs/configuration.md's table mirrors this schema.
 */
export const ConfigSchema = z.object({
  /**
   * `local` on a laptop; `dev`/`prod` on AWS. No default: the local stack and the tests set it,
   * the deployed config sets it, and a deploy that forgot it must not run with the test-mode
   * payment provider, so a missing value stops the process.
   */
  STAGE: z.enum(['local', 'dev', 'staging', 'prod'], { error: 'STAGE is required: local, dev, staging or prod' }),
  /** The one origin that serves the SPA and the API; the session cookie is `__Host-` when HTTPS. */
  APP_ORIGIN: z._default(z.url(), 'http://localhost:3000'),
  /** More origins allowed to send unsafe requests (comma-separated), e.g. the Vite dev server. */
  EXTRA_ORIGINS: csv,
  TABLE_NAME: z._default(z.string().check(z.minLength(1)), 'App'),
  /**
   * Set on AWS: CloudFront adds it as `x-origin-verify` to every /api request, and requests
   * without it (someone calling the API Gateway URL directly, skipping the WAF) are refused.
   */
  ORIGIN_VERIFY_TOKEN: z.optional(z.string().check(z.minLength(16))),
  /** On AWS: the Secrets Manager secret holding that token (plain text); read at cold start. */
  ORIGIN_VERIFY_SECRET_ARN: z.optional(z.string()),
  /** What this function may do to the table (infra sets `read` on read-only functions). */
  TABLE_ACCESS: z._default(z.enum(['read', 'write']), 'write'),
  /** DynamoDB Local endpoint; unset on AWS. */
  DYNAMODB_ENDPOINT: z.optional(z.url()),
  AWS_REGION: z._default(z.string(), 'eu-west-2'),
  LOG_LEVEL: z._default(z.enum(['DEBUG', 'INFO', 'WARN', 'ERROR', 'SILENT']), 'INFO'),
  /** `local`: the in-process queue of the local stack; `sqs`: Amazon SQS. */
  QUEUE_DRIVER: z._default(z.enum(['local', 'sqs']), 'local'),
  /** SQS queue URL without the queue name, e.g. https://sqs.eu-west-2.amazonaws.com/123456789012/app-prod- */
  QUEUE_URL_PREFIX: z.optional(z.url()),
  /** Local stack: seconds before a failed queue message is delivered again (AWS: 6 x the consumer timeout). */
  LOCAL_QUEUE_VISIBILITY_SECONDS: z._default(z.coerce.number().check(z.gte(0), z.lte(3600)), 30),
  /** Local stack: a consumer invocation's time limit in seconds (default: each queue's Lambda timeout). */
  LOCAL_QUEUE_TIMEOUT_SECONDS: z.optional(z.coerce.number().check(z.gt(0), z.lte(900))),
  /** `local`: the local outbox (DynamoDB Local, /__local/mail); `ses`: Amazon SES v2. */
  EMAIL_DRIVER: z._default(z.enum(['local', 'ses']), 'local'),
  /** The sender of every email (an address of the domain verified in SES). */
  EMAIL_FROM: z._default(z.string().check(z.minLength(3)), `${PRODUCT_NAME} <no-reply@localhost>`),
  /** The SES configuration set every email is sent with: its bounce and complaint events suppress addresses (set by infra). */
  SES_CONFIGURATION_SET: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
  /** CloudWatch namespace of the metrics the functions emit as EMF log lines (set by infra). */
  POWERTOOLS_METRICS_NAMESPACE: z._default(z.string().check(z.minLength(1)), 'FootballPredictions/local'),
  /** A scheduled function's schedule name (routes.ts `scheduled`, set by infra): its run metric's dimension. */
  SCHEDULE_NAME: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
  /** Tests only: where the SES client sends its requests instead of the regional endpoint. */
  SES_API_BASE: z.optional(z.url()),
  /** The SES account's maximum send rate (messages a second; SES's first production quota is 14): the email consumers share it. */
  EMAIL_SEND_RATE: z._default(z.coerce.number().check(z.gt(0), z.lte(10_000)), 14),
  /** Delivery claims (DynamoDB transactions) in flight per batch of the value-bet alert fan-out. */
  ALERT_CLAIMS_IN_FLIGHT: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100)), 25),
  /** Where contact-form messages are forwarded. */
  SUPPORT_EMAIL: z._default(z.string().check(z.minLength(3)), 'support@localhost'),
  /** Seconds a read of upcoming predictions is reused within one process. */
  READ_CACHE_SECONDS: z._default(z.coerce.number().check(z.gte(0), z.lte(300)), 10),

  // Secrets. Locally they come from the environment (the session key is generated into .data/).
  // On AWS each group lives in Secrets Manager and the function gets only the ARN it needs.
  /** HS256 key of the session cookie (at least 32 characters). */
  SESSION_SECRET: z.optional(z.string().check(z.minLength(32))),
  /** Secrets Manager secret holding the session key as plain text. */
  SESSION_SECRET_ARN: z.optional(z.string()),
  /** Stripe secret key (sk_test_... / sk_live_...). Without it the local test-mode checkout is used. */
  STRIPE_SECRET_KEY: z.optional(z.string()),
  /** Signing secret of the webhook endpoint (whsec_...). */
  STRIPE_WEBHOOK_SECRET: z.optional(z.string()),
  /** The monthly $29 Price (price_...). */
  STRIPE_PRICE_ID: z.optional(z.string()),
  /** Secrets Manager secret: JSON {"secretKey": "...", "webhookSecret": "..."}. */
  STRIPE_SECRET_ARN: z.optional(z.string()),
  /** Tests only: where the Stripe client sends its requests instead of https://api.stripe.com. */
  STRIPE_API_BASE: z.optional(z.url()),
  /** API-Football v3 key (`x-apisports-key`, a key of api-sports.io): fixtures, results and match statistics. */
  API_FOOTBALL_KEY: z.optional(z.string()),
  /** API-Football's base URL (a proxy, or a stand-in server in tests). */
  API_FOOTBALL_BASE_URL: z._default(z.url(), 'https://v3.football.api-sports.io'),
  /** The Odds API v4 key. */
  ODDS_API_KEY: z.optional(z.string()),
  /** The Odds API host (a proxy, or a stand-in server in tests). */
  ODDS_API_BASE_URL: z._default(z.url(), 'https://api.the-odds-api.com'),
  /**
   * The leagues whose value flags the odds scan raises without a forecast (docs/decisions/0312-value-flags-in-every-league-with-a-sharp-price.md):
   * `all` (default: every catalog league The Odds API has a sport key for, less the leagues with forecasts), `none`,
   * or league ids separated by commas. Read only with a The Odds API key.
   */
  VALUE_ONLY_LEAGUES: leagueSetting,
  /** Secrets Manager secret: JSON {"apiFootballKey": "...", "oddsApiKey": "..."}. */
  PROVIDERS_SECRET_ARN: z.optional(z.string()),

  /** A folder of football-data.co.uk CSV files (<LEAGUE>/<YYYY-YY>.csv) to replay instead of the demo leagues. */
  FOOTBALL_DATA_DIR: z.optional(z.string()),
});

export type Config = z.infer<typeof ConfigSchema>;

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/** Parses an environment; throws a `ConfigError` listing every bad variable. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  const result = ConfigSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  - ${i.path.join('.') || '(root)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const config = result.data;
  if (config.QUEUE_DRIVER === 'sqs' && !config.QUEUE_URL_PREFIX) {
    throw new ConfigError('Invalid configuration:\n  - QUEUE_URL_PREFIX: required when QUEUE_DRIVER=sqs');
  }
  if (config.STAGE !== 'local' && config.EMAIL_DRIVER !== 'ses') {
    // The local outbox on AWS would keep every email in the table and send none.
    throw new ConfigError('Invalid configuration:\n  - EMAIL_DRIVER: must be ses outside the local stack');
  }
  return config;
}

let cached: Config | undefined;

/** The process's configuration, parsed from `process.env` on first use. */
export function getConfig(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}

/** Origins allowed to send unsafe (state-changing) requests. */
export function allowedOrigins(config: Config): string[] {
  return [new URL(config.APP_ORIGIN).origin, ...config.EXTRA_ORIGINS.map((o) => new URL(o).origin)];
}
