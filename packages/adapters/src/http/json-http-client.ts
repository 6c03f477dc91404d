/**
 * A small JSON-over-HTTP client shared by the provider adapters: a timeout per attempt, retries
 * with exponential backoff and jitter on 5xx, network errors and timeouts, 429 waits (Retry-After
 * or a wait the provider parses from its body), a cap on the total time spent waiting, and a
 * pause before the next call when the provider says its request window is spent. `fetch`, `sleep`,
 * the clock, the attempt timer and the jitter source are injectable, so tests never really wait
 * and never race a real timer. Inside a time
 * budget (a task's), no attempt and no wait runs past the budget's deadline: the call fails as
 * unavailable (retryable) instead.
 */
import { currentBudget } from '@app/core/pipeline/budget';
import { ProviderRejectedError, ProviderUnavailableError } from '@app/core/pipeline/providers';

export interface JsonResponse {
  status: number;
  headers: Headers;
  /** The parsed JSON body; the raw text when the body is not JSON; undefined when empty. */
  body: unknown;
}

/** What to do with a response the default rules would not accept as is. */
export type ResponseVerdict =
  | { action: 'accept' }
  | { action: 'retry'; reason: string; /** Wait before the next attempt; default: backoff. */ waitMs?: number }
  | { action: 'reject'; error: Error };

export interface JsonHttpClientOptions {
  /** Provider name used in errors ('football-data.org'). */
  provider: string;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  now?: () => Date;
  /** Uniform [0, 1) source for the jitter. */
  random?: () => number;
  /** Starts an attempt's timeout: calls `onTimeout` after `ms` unless the returned cancel runs first. Default: setTimeout. */
  startTimer?: StartTimer;
  /** Per-attempt timeout. Default 10 s. */
  timeoutMs?: number;
  /** Attempts per request, the first included. Default 4. */
  maxAttempts?: number;
  /** First backoff delay; doubled per attempt, jittered to 50-100 %. Default 500 ms. */
  baseDelayMs?: number;
  /** Largest single backoff delay. Default 8 s. */
  maxDelayMs?: number;
  /** Total time one request may spend waiting (backoff, 429 waits, window pauses). Default 120 s. */
  maxTotalWaitMs?: number;
  /** Default headers of every request. */
  headers?: Record<string, string>;
  /**
   * Provider rules, asked first for every response; return undefined to fall back to the defaults
   * (2xx accept; 429 retry after Retry-After or backoff; 408 and 5xx retry; other 4xx reject).
   */
  classify?: (response: JsonResponse) => ResponseVerdict | undefined;
  /** Milliseconds to hold the next request back after this response (a spent rate-limit window). */
  pauseAfter?: (response: JsonResponse) => number | undefined;
  /** Called with every response, errors included (quota accounting). */
  onResponse?: (response: JsonResponse) => void;
}

/** Starts a timer; the returned function cancels it. */
export type StartTimer = (ms: number, onTimeout: () => void) => () => void;

const realTimer: StartTimer = (ms, onTimeout) => {
  const timer = setTimeout(onTimeout, ms);
  return () => clearTimeout(timer);
};

export const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Seconds of a Retry-After header (delta-seconds or an HTTP date), in ms. */
export function retryAfterMs(headers: Headers, now: Date): number | undefined {
  const raw = headers.get('retry-after')?.trim();
  if (!raw) return undefined;
  if (/^\d+(\.\d+)?$/.test(raw)) return Math.round(Number(raw) * 1000);
  const at = Date.parse(raw);
  return Number.isFinite(at) ? Math.max(0, at - now.getTime()) : undefined;
}

/** A message from a provider error body: `message`, else `error`, else the raw text. */
export function errorMessage(body: unknown): string | undefined {
  if (typeof body === 'string') return body.slice(0, 300) || undefined;
  if (body && typeof body === 'object') {
    const o = body as Record<string, unknown>;
    for (const k of ['message', 'error', 'msg']) if (typeof o[k] === 'string') return o[k] as string;
  }
  return undefined;
}

export class JsonHttpClient {
  private readonly opts: Required<Omit<JsonHttpClientOptions, 'classify' | 'pauseAfter' | 'onResponse' | 'headers'>> &
    Pick<JsonHttpClientOptions, 'classify' | 'pauseAfter' | 'onResponse' | 'headers'>;
  /** Epoch ms before which no request leaves (rate-limit window pause). */
  private notBefore = 0;

  constructor(options: JsonHttpClientOptions) {
    this.opts = {
      fetch: (...args) => globalThis.fetch(...args),
      sleep: defaultSleep,
      now: () => new Date(),
      random: Math.random,
      startTimer: realTimer,
      timeoutMs: 10_000,
      maxAttempts: 4,
      baseDelayMs: 500,
      maxDelayMs: 8_000,
      maxTotalWaitMs: 120_000,
      ...options,
    };
  }

  /** Holds every later request back until `ms` from now (or later, if already paused longer). */
  pauseFor(ms: number): void {
    this.notBefore = Math.max(this.notBefore, this.opts.now().getTime() + ms);
  }

  /** GETs a JSON document; throws ProviderUnavailableError or ProviderRejectedError when it cannot. */
  getJson(url: string | URL, init: { headers?: Record<string, string> } = {}): Promise<JsonResponse> {
    return this.request('GET', url, init);
  }

  /**
   * Sends one request (every attempt with the same headers and body, so a POST's idempotency key
   * makes its retries safe) and reads a JSON answer, with the same rules as `getJson`.
   */
  async request(method: string, url: string | URL, init: { headers?: Record<string, string>; body?: string } = {}): Promise<JsonResponse> {
    const { provider, maxAttempts } = this.opts;
    const what = `${method === 'GET' ? '' : `${method} `}${redact(String(url))}`;
    let waited = 0;
    let lastProblem = 'no attempt made';
    let lastCause: unknown;
    let lastWaitHint: number | undefined;

    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      const pause = this.notBefore - this.opts.now().getTime();
      if (pause > 0) {
        if (waited + pause > this.opts.maxTotalWaitMs || pause >= this.budgetLeft()) {
          throw new ProviderUnavailableError(provider, `rate-limit pause of ${Math.ceil(pause / 1000)} s exceeds the wait budget (${what})`, {
            retryAfterSeconds: Math.ceil(pause / 1000),
          });
        }
        await this.opts.sleep(pause);
        waited += pause;
      }

      let response: JsonResponse | undefined;
      try {
        response = await this.attempt(method, url, init);
      } catch (error) {
        lastCause = error;
        lastProblem = isTimeout(error)
          ? `timed out after ${(error as TimeoutError).timeoutMs ?? this.opts.timeoutMs} ms`
          : `network error: ${(error as Error)?.message ?? String(error)}`;
        lastWaitHint = undefined;
      }

      if (response) {
        this.opts.onResponse?.(response);
        const pauseMs = this.opts.pauseAfter?.(response);
        if (pauseMs !== undefined && pauseMs > 0) this.pauseFor(pauseMs);
        const verdict = this.opts.classify?.(response) ?? this.defaultVerdict(response);
        if (verdict.action === 'accept') return response;
        if (verdict.action === 'reject') throw verdict.error;
        lastProblem = `${verdict.reason} (HTTP ${response.status})`;
        lastCause = undefined;
        lastWaitHint = verdict.waitMs;
      }

      if (attempt === maxAttempts || this.budgetLeft() <= 0) break;
      const wait = lastWaitHint ?? this.backoff(attempt);
      if (waited + wait > this.opts.maxTotalWaitMs || wait >= this.budgetLeft()) {
        throw new ProviderUnavailableError(provider, `${lastProblem}; next wait of ${Math.ceil(wait / 1000)} s exceeds the wait budget (${what})`, {
          retryAfterSeconds: Math.ceil(wait / 1000),
          ...(lastCause !== undefined ? { cause: lastCause } : {}),
        });
      }
      await this.opts.sleep(wait);
      waited += wait;
    }
    throw new ProviderUnavailableError(provider, `${lastProblem} after ${maxAttempts} attempts (${what})`, lastCause !== undefined ? { cause: lastCause } : {});
  }

  /** Milliseconds left in the caller's time budget (Infinity outside one). */
  private budgetLeft(): number {
    return currentBudget()?.remainingMs() ?? Infinity;
  }

  private backoff(attempt: number): number {
    const ceiling = Math.min(this.opts.maxDelayMs, this.opts.baseDelayMs * 2 ** (attempt - 1));
    return Math.round(ceiling * (0.5 + 0.5 * this.opts.random()));
  }

  private defaultVerdict(r: JsonResponse): ResponseVerdict {
    if (r.status >= 200 && r.status < 300) return { action: 'accept' };
    const message = errorMessage(r.body) ?? `HTTP ${r.status}`;
    if (r.status === 429) {
      const wait = retryAfterMs(r.headers, this.opts.now());
      return { action: 'retry', reason: `rate limited: ${message}`, ...(wait !== undefined ? { waitMs: wait } : {}) };
    }
    if (r.status === 408 || r.status >= 500) return { action: 'retry', reason: `server error: ${message}` };
    return { action: 'reject', error: new ProviderRejectedError(this.opts.provider, `HTTP ${r.status}: ${message}`) };
  }

  private async attempt(method: string, url: string | URL, init: { headers?: Record<string, string>; body?: string }): Promise<JsonResponse> {
    const controller = new AbortController();
    const timeoutMs = Math.max(0, Math.min(this.opts.timeoutMs, this.budgetLeft()));
    const cancelTimer = this.opts.startTimer(timeoutMs, () => controller.abort(new TimeoutError(timeoutMs)));
    // The budget's owner gave up (its deadline passed): stop the request too.
    const budgetSignal = currentBudget()?.signal;
    const onGiveUp = () => controller.abort(new TimeoutError(timeoutMs));
    budgetSignal?.addEventListener('abort', onGiveUp, { once: true });
    try {
      const res = await this.opts.fetch(url, {
        method,
        headers: { accept: 'application/json', ...this.opts.headers, ...init.headers },
        ...(init.body !== undefined ? { body: init.body } : {}),
        signal: controller.signal,
      });
      const text = await res.text();
      let body: unknown = undefined;
      if (text.trim() !== '') {
        try {
          body = JSON.parse(text);
        } catch {
          body = text;
        }
      }
      if (res.ok && typeof body === 'string') {
        // A 2xx that is not JSON (a proxy's HTML page): worth another try.
        return { status: 502, headers: res.headers, body: `non-JSON body: ${body.slice(0, 100)}` };
      }
      return { status: res.status, headers: res.headers, body };
    } catch (error) {
      if (controller.signal.aborted && controller.signal.reason instanceof TimeoutError) throw controller.signal.reason;
      throw error;
    } finally {
      cancelTimer();
      budgetSignal?.removeEventListener('abort', onGiveUp);
    }
  }
}

/** An attempt that ran past the client's timeout. */
export class TimeoutError extends Error {
  constructor(
    readonly timeoutMs: number,
    options?: ErrorOptions,
  ) {
    super(`request timed out after ${timeoutMs} ms`, options);
    this.name = 'TimeoutError';
  }
}

function isTimeout(error: unknown): boolean {
  return error instanceof TimeoutError || (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'));
}

/** The URL without secrets in its query string (apiKey), for error messages and logs. */
export function redact(url: string): string {
  return url.replace(/([?&](?:apiKey|api_key|token|key)=)[^&]*/gi, '$1***');
}
