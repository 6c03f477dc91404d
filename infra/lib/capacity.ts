/**
 * Lambda concurrency and the API's request rate, sized for launch (docs/decisions/0289-capacity-and-cost-from-the-model.md):
 * the routes a visitor cannot do without keep executions of their own (reserved concurrency) that
 * the job consumers can never take, the queue consumers together stay under a fixed share, and the
 * API's stage throttle admits the cost model's busiest hour (docs/scaling.md).
 */
import type { Stage } from './config.ts';

/** The account's Lambda concurrency quota the runbook asks for before the first deploy (a new account may have 10). */
export const LAMBDA_CONCURRENCY_QUOTA = 1000;
/** The most all SQS event sources together may run at once (the sum of their maximum concurrency). */
export const SQS_CONCURRENCY_BUDGET = 100;

/**
 * Executions reserved for each critical handler (health probe, sign-in, the reads every page makes):
 * enough for the modelled peak (487 origin requests/s x ~10 ms is 5; logins at the password
 * throttle's 20/s x 374 ms is 8) several times over. Reserved concurrency is also each one's cap.
 * Dev reserves nothing (it may share an account, and has no peak).
 */
export const RESERVED_CONCURRENCY: Record<string, number> = {
  'http/health/get': 5,
  'http/auth/login': 30,
  'http/auth/me': 30,
  'http/predictions/list': 40,
  'http/predictions/get': 20,
  'http/metrics/latest': 20,
  'http/metrics/trend': 20,
};

export const reservedConcurrency = (stage: Stage, handler: string): number | undefined => (stage === 'dev' ? undefined : RESERVED_CONCURRENCY[handler]);

/**
 * The API stage's throttle. Prod: at least the cost model's highest modelled origin rate (a derby
 * day at 10M visitors a month without the edge cache, 487 requests/s; scripts/cost-model.mjs), with
 * twice that as burst. The per-IP limits live in the WAF.
 */
export const API_THROTTLE: Record<Stage, { rateLimit: number; burstLimit: number }> = {
  dev: { rateLimit: 20, burstLimit: 40 },
  staging: { rateLimit: 20, burstLimit: 40 },
  prod: { rateLimit: 500, burstLimit: 1000 },
};
