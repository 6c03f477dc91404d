/**
 * The few Stripe REST endpoints the product calls, on `fetch` (no SDK: docs/decisions/0102-stripe-over-fetch.md).
 * Each request carries the secret key as a Bearer token and the pinned `Stripe-Version`, sends
 * its parameters form-encoded the way Stripe reads them (`a[b][0][c]=`), and is retried twice on
 * a network error, a timeout (10 s per attempt), 409, 429 or 5xx unless Stripe's
 * `Stripe-Should-Retry` header says otherwise. Every POST has an `Idempotency-Key` (the caller's,
 * or a random one), sent unchanged on each attempt, so a retry never creates a second object.
 * Answers are checked against zod schemas of the fields the product reads.
 */
import { randomUUID } from 'node:crypto';
import * as z from 'zod/mini';
import { ProviderRejectedError } from '@app/core/pipeline/providers';
import { JsonHttpClient, type JsonHttpClientOptions, type JsonResponse, type ResponseVerdict } from '../http/json-http-client.ts';
import { describeIssues } from './map.ts';

/** The API version this code is written against; the webhook endpoint must use the same. */
export const STRIPE_API_VERSION = '2026-10-28.endive' as const;
export const STRIPE_API_BASE = 'https://api.stripe.com';

/** A parameter value as Stripe's form encoding takes it: nested objects and arrays become bracketed keys. */
export type FormValue = string | number | boolean | undefined | readonly FormValue[] | { readonly [key: string]: FormValue };

/**
 * Stripe's form encoding: `{ metadata: { userId: 'u1' } }` is `metadata[userId]=u1`,
 * `{ line_items: [{ price: 'p' }] }` is `line_items[0][price]=p`; undefined values are left out.
 */
export function encodeForm(params: Record<string, FormValue>): string {
  const form = new URLSearchParams();
  const add = (key: string, value: FormValue): void => {
    if (value === undefined) return;
    if (Array.isArray(value)) value.forEach((item, i) => add(`${key}[${i}]`, item));
    else if (typeof value === 'object') for (const [k, v] of Object.entries(value)) add(`${key}[${k}]`, v);
    else form.append(key, String(value));
  };
  for (const [key, value] of Object.entries(params)) add(key, value);
  return form.toString();
}

/** An error Stripe answered with (4xx, or a 5xx it said not to retry). */
export class StripeApiError extends ProviderRejectedError {
  constructor(
    readonly status: number,
    readonly type: string | undefined,
    readonly code: string | undefined,
    message: string,
    readonly requestId: string | undefined,
  ) {
    super('stripe', `HTTP ${status}${code ? ` ${code}` : ''}: ${message}${requestId ? ` (${requestId})` : ''}`);
    this.name = 'StripeApiError';
  }
}

/** Stripe's answer for an id it does not know. */
export const isMissing = (error: unknown): boolean => error instanceof StripeApiError && error.code === 'resource_missing';

const ErrorBodySchema = z.object({
  error: z.object({ type: z.optional(z.string()), code: z.optional(z.string()), message: z.optional(z.string()) }),
});

export interface StripeClientOptions {
  secretKey: string;
  /** https://api.stripe.com unless a test points the client at a local server. */
  apiBase?: string;
  /** Test seams of the HTTP client: fetch, sleep (no real waits), the jitter source, the clock. */
  http?: Pick<JsonHttpClientOptions, 'fetch' | 'sleep' | 'random' | 'now' | 'timeoutMs' | 'startTimer'>;
}

/** Retry rules: Stripe's own header first, then 409 (a concurrent request holds the lock), 429 and 5xx. */
function classify(response: JsonResponse): ResponseVerdict | undefined {
  if (response.status >= 200 && response.status < 300) return undefined;
  const shouldRetry = response.headers.get('stripe-should-retry');
  const retryable = shouldRetry === 'true' || (shouldRetry !== 'false' && (response.status === 409 || response.status === 429 || response.status >= 500));
  const parsed = ErrorBodySchema.safeParse(response.body);
  const error = parsed.success ? parsed.data.error : {};
  const message = error.message ?? `HTTP ${response.status}`;
  // A 429 goes to the default rule, which waits what Retry-After asks.
  if (retryable) return response.status === 429 ? undefined : { action: 'retry', reason: message };
  return { action: 'reject', error: new StripeApiError(response.status, error.type, error.code, message, response.headers.get('request-id') ?? undefined) };
}

type Method = 'GET' | 'POST' | 'DELETE';

export class StripeClient {
  private readonly http: JsonHttpClient;
  private readonly apiBase: string;

  constructor(options: StripeClientOptions) {
    this.apiBase = (options.apiBase ?? STRIPE_API_BASE).replace(/\/+$/, '');
    this.http = new JsonHttpClient({
      provider: 'stripe',
      timeoutMs: 10_000,
      maxAttempts: 3,
      baseDelayMs: 500,
      maxDelayMs: 5_000,
      maxTotalWaitMs: 5_000,
      headers: { authorization: `Bearer ${options.secretKey}`, 'stripe-version': STRIPE_API_VERSION },
      classify,
      ...options.http,
    });
  }

  /**
   * Calls `path`, a template whose `{id}` is replaced by the URL-encoded `id` (the templates stay
   * whole in the Lambda bundles, which functions/scripts/bundles.test.ts checks), and parses the
   * answer with `schema`. GET parameters go in the query string, others in the form body.
   */
  async request<T>(
    method: Method,
    path: string,
    schema: z.ZodMiniType<T>,
    options: { id?: string; params?: Record<string, FormValue>; idempotencyKey?: string } = {},
  ): Promise<T> {
    const url = new URL(`${this.apiBase}${path.replace('{id}', encodeURIComponent(options.id ?? ''))}`);
    const form = options.params ? encodeForm(options.params) : '';
    const headers: Record<string, string> = {};
    if (method === 'GET') url.search = form;
    else if (form) headers['content-type'] = 'application/x-www-form-urlencoded';
    if (method === 'POST') headers['idempotency-key'] = options.idempotencyKey ?? randomUUID();
    const response = await this.http.request(method, url, { headers, ...(method !== 'GET' && form ? { body: form } : {}) });
    const parsed = schema.safeParse(response.body);
    if (!parsed.success) throw new ProviderRejectedError('stripe', `unexpected answer to ${method} ${path}: ${describeIssues(parsed.error)}`);
    return parsed.data;
  }

  /** Every item of a list endpoint, page after page (`has_more`, `starting_after`). */
  async list<T extends { id: string }>(path: string, item: z.ZodMiniType<T>, params: Record<string, FormValue> = {}): Promise<T[]> {
    const pageSchema = z.object({ data: z.array(item), has_more: z.boolean() });
    const out: T[] = [];
    for (;;) {
      const last = out.at(-1);
      const page = await this.request('GET', path, pageSchema, { params: { limit: 100, ...params, ...(last ? { starting_after: last.id } : {}) } });
      out.push(...page.data);
      if (!page.has_more || page.data.length === 0) return out;
    }
  }
}
