import { issueLines, ResponseContractError } from '@app/contracts/response-contract';
import { safeParse, type core } from 'zod/mini';

import { env } from '@/config/env';
import { takeEarlyRequest } from '@/lib/early-requests';

/**
 * A non-OK HTTP answer. `message` is `<status>: <body text>`, or `<status>: <status text>` when
 * the body is empty (docs/product.md#messages); `body` keeps the raw text for callers that want a
 * server-provided message.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly body: string,
    message: string,
    options?: ErrorOptions & { retryAfterSeconds?: number },
  ) {
    super(message, options);
    this.retryAfterSeconds = options?.retryAfterSeconds;
  }

  /** From the `Retry-After` header (seconds) of a 429 or 503; undefined when absent. */
  readonly retryAfterSeconds: number | undefined;
}

/** `Retry-After` in seconds (a number, or an HTTP date relative to `now`); undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

/**
 * `data` parsed with its contract. An answer that breaks it throws in a development build (and in
 * the tests), so the change is seen where it is made; a production build reports it through the
 * browser's error reporting (the console, and every `error` listener of the window) and returns
 * the answer as it came, so a page keeps what it can still show.
 */
function keptToContract<T>(schema: core.$ZodType<T>, data: unknown, what: string): T {
  const parsed = safeParse(schema, data);
  if (parsed.success) return parsed.data;
  const error = new ResponseContractError(`${what} answered outside its contract: ${issueLines(parsed.error.issues).slice(0, 5).join('; ')}`, {
    cause: parsed.error,
  });
  if (import.meta.env.DEV) throw error;
  globalThis.reportError(error);
  return data as T;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type RequestOptions<T> = {
  method?: HttpMethod;
  /** Sent as JSON only when present (`undefined` sends no body and no Content-Type). */
  body?: unknown;
  /** Appended as a query string; `undefined` values are left out. */
  params?: Record<string, string | number | boolean | undefined>;
  /** The answer's contract (`@app/contracts`): the JSON answer is parsed with it, see {@link keptToContract}. */
  schema?: core.$ZodType<T>;
  signal?: AbortSignal;
  headers?: Record<string, string>;
};

function buildUrl(path: string, params: RequestOptions<unknown>['params']): string {
  const url = /^https?:\/\//.test(path) ? path : `${env.API_URL}${path.startsWith('/') ? path : `/${path}`}`;
  if (!params) return url;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined) search.set(key, String(value));
  }
  const query = search.toString();
  return query ? `${url}${url.includes('?') ? '&' : '?'}${query}` : url;
}

/** Reads the body once: JSON when the server says so, otherwise text; `undefined` when empty. */
async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  const type = response.headers.get('content-type') ?? '';
  return type.includes('json') ? (JSON.parse(text) as unknown) : text;
}

/** Throws an {@link ApiError} for any non-OK response. */
export async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const text = await response.text().catch(() => '');
  const retryAfterSeconds = parseRetryAfter(response.headers.get('retry-after'));
  throw new ApiError(
    response.status,
    text,
    `${response.status}: ${text || response.statusText}`,
    retryAfterSeconds === undefined ? undefined : { retryAfterSeconds },
  );
}

/**
 * The one way the web app talks to the API. Every call sends the session cookie
 * (`credentials: 'include'`), sends a JSON body (and its Content-Type) only when one is given, and
 * rejects with an {@link ApiError} on a non-OK status. A call without a body sends nothing more: the
 * browser's `Origin` says it is ours (docs/decisions/0205-state-changing-requests-say-so.md).
 */
export async function request<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const { method = 'GET', body, params, schema, signal, headers } = options;
  const hasBody = body !== undefined;
  const url = buildUrl(path, params);
  // A read the entry script already started for this page (lib/early-requests.ts) is the same request.
  const early = method === 'GET' && !hasBody && !headers ? takeEarlyRequest(url) : undefined;
  const response = await (early ??
    fetch(url, {
      method,
      credentials: 'include',
      headers: {
        Accept: 'application/json',
        ...(hasBody ? { 'Content-Type': 'application/json' } : {}),
        ...headers,
      },
      body: hasBody ? JSON.stringify(body) : undefined,
      signal,
    }));
  await throwIfNotOk(response);
  const data = await readBody(response);
  return schema ? keptToContract(schema, data, `${method} ${path}`) : (data as T);
}

type Options<T> = Omit<RequestOptions<T>, 'method' | 'body'>;

export const api = {
  get: <T = unknown>(path: string, options?: Options<T>) => request<T>(path, { ...options, method: 'GET' }),
  post: <T = unknown>(path: string, body?: unknown, options?: Options<T>) => request<T>(path, { ...options, method: 'POST', body }),
  put: <T = unknown>(path: string, body?: unknown, options?: Options<T>) => request<T>(path, { ...options, method: 'PUT', body }),
  patch: <T = unknown>(path: string, body?: unknown, options?: Options<T>) => request<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T = unknown>(path: string, options?: Options<T>) => request<T>(path, { ...options, method: 'DELETE' }),
};

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

type ErrorBodyShape = { message?: unknown; issues?: { path?: unknown; message?: unknown }[] };

function errorBody(error: unknown): ErrorBodyShape | undefined {
  if (!(error instanceof ApiError) || !error.body) return undefined;
  try {
    const body = JSON.parse(error.body) as unknown;
    return body && typeof body === 'object' ? (body as ErrorBodyShape) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The server's human-readable message of a failed call: the first validation issue's message
 * (precise: 'Password must be at most 128 characters long.'), else the body's `message`
 * (`{ error, message?, issues? }`, see @app/contracts/errors). `undefined` for network errors and
 * bodies without one (e.g. a 5xx).
 */
export function apiErrorMessage(error: unknown): string | undefined {
  const body = errorBody(error);
  if (!body) return undefined;
  const issue = Array.isArray(body.issues) ? body.issues[0]?.message : undefined;
  if (typeof issue === 'string' && issue) return issue;
  return typeof body.message === 'string' && body.message ? body.message : undefined;
}

/** The server's messages by request field (`issues[].path`), for showing each under its field. */
export function apiFieldErrors(error: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of errorBody(error)?.issues ?? []) {
    if (typeof issue.path === 'string' && issue.path && typeof issue.message === 'string' && !(issue.path in fields)) fields[issue.path] = issue.message;
  }
  return fields;
}

/** A wait in words: 'about 14 minutes', '45 seconds', 'about 2 hours'. */
export function formatWait(seconds: number): string {
  if (seconds < 60) return `${Math.max(1, Math.ceil(seconds))} seconds`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 90) return minutes === 1 ? '1 minute' : `${minutes} minutes`;
  return `about ${Math.round(minutes / 60)} hours`;
}
