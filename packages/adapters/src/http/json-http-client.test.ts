import { withinDeadline } from '@app/core/pipeline/budget';
import { ProviderRejectedError, ProviderUnavailableError } from '@app/core/pipeline/providers';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { JsonHttpClient, redact, retryAfterMs, TimeoutError, type JsonHttpClientOptions } from './json-http-client.ts';
import { FakeProviderServer, manualTimers, virtualTime } from './testing/fake-provider-server.ts';

let server: FakeProviderServer;
beforeAll(async () => {
  server = await new FakeProviderServer().start();
});
afterAll(() => server.stop());
beforeEach(() => server.reset());

function client(extra: Partial<JsonHttpClientOptions> = {}) {
  const time = virtualTime();
  const http = new JsonHttpClient({ provider: 'test', sleep: time.sleep, now: time.now, random: () => 0.5, ...extra });
  return { http, time };
}

describe('JsonHttpClient', () => {
  it('inside a time budget, does not wait past its deadline: the call fails as unavailable before the budget ends', async () => {
    // Prepare: a 5xx that never ends; 1000 ms of (virtual) budget; backoff waits 375 ms, then 750 ms.
    server.handle = () => ({ status: 503, body: { message: 'busy' } });
    const { http, time } = client();
    const now = () => time.now().getTime();

    // Act
    const failure = withinDeadline('task', now() + 1000, now, () => http.getJson(`${server.url}/x`));

    // Assess: the second wait would end after the deadline, so it is never started.
    await expect(failure).rejects.toBeInstanceOf(ProviderUnavailableError);
    await expect(failure).rejects.toThrow(/exceeds the wait budget/);
    expect(time.waits).toEqual([375]);
    expect(server.requests).toHaveLength(2);
  });

  it('inside a time budget, bounds each attempt by the time left: a hanging provider fails the call before the deadline', async () => {
    // Prepare: the provider has the request and never answers; 150 ms of (virtual) budget.
    const timers = manualTimers();
    server.handle = () => (timers.fire(), { hang: true });
    const { http, time } = client({ timeoutMs: 10_000, startTimer: timers.startTimer });
    const now = () => time.now().getTime();

    // Act
    const failure = withinDeadline('task', now() + 150, now, () => http.getJson(`${server.url}/x`));

    // Assess: the attempt's timer was set to the 150 ms left, not the client's 10 s.
    await expect(failure).rejects.toThrow(/timed out after 150 ms/);
    expect(timers.started[0]).toBe(150);
  });

  it('returns the parsed body and headers of a 200', async () => {
    // Prepare
    server.handle = () => ({ body: { ok: true }, headers: { 'x-thing': '3' } });
    const { http } = client({ headers: { 'X-Auth-Token': 'secret' } });

    // Act
    const res = await http.getJson(`${server.url}/v4/x`);

    // Assess
    expect(res.body).toEqual({ ok: true });
    expect(res.headers.get('x-thing')).toBe('3');
    expect(server.requests[0]!.headers['x-auth-token']).toBe('secret');
  });

  it('retries a 5xx twice with growing jittered backoff, then succeeds', async () => {
    // Prepare
    server.sequence([{ status: 503, body: { message: 'busy' } }, { status: 500 }, { body: [1, 2] }]);
    const { http, time } = client({ baseDelayMs: 400 });

    // Act
    const res = await http.getJson(`${server.url}/odds`);

    // Assess
    expect(res.body).toEqual([1, 2]);
    expect(server.requests).toHaveLength(3);
    expect(time.waits).toEqual([300, 600]); // 400 and 800, jittered to 75 % by random() = 0.5
  });

  it('gives up with ProviderUnavailableError after the last attempt on a 5xx that never ends', async () => {
    // Prepare
    server.handle = () => ({ status: 502, body: 'Bad gateway' });
    const { http, time } = client({ maxAttempts: 3 });

    // Act
    const failure = http.getJson(`${server.url}/x`);

    // Assess
    await expect(failure).rejects.toBeInstanceOf(ProviderUnavailableError);
    await expect(failure).rejects.toThrow(/after 3 attempts/);
    expect(server.requests).toHaveLength(3);
    expect(time.waits).toHaveLength(2);
  });

  it('retries attempts that time out and keeps the timeout as the cause', async () => {
    // Prepare: a fetch that never answers, only honours the abort signal
    let calls = 0;
    const hanging: typeof fetch = (_url, init) => {
      calls += 1;
      return new Promise((_resolve, reject) => init!.signal!.addEventListener('abort', () => reject(init!.signal!.reason)));
    };
    const timers = manualTimers();
    const hangingUntilTimeout: typeof fetch = (url, init) => {
      const answer = hanging(url, init);
      timers.fire();
      return answer;
    };
    const { http } = client({ fetch: hangingUntilTimeout, timeoutMs: 5, maxAttempts: 3, startTimer: timers.startTimer });

    // Act
    const error = await http.getJson('http://provider.invalid/x').catch((e: unknown) => e);

    // Assess
    expect(error).toBeInstanceOf(ProviderUnavailableError);
    expect((error as Error).message).toMatch(/timed out after 5 ms/);
    expect((error as Error).cause).toBeInstanceOf(TimeoutError);
    expect(calls).toBe(3);
  });

  it('retries a network error', async () => {
    // Prepare
    let calls = 0;
    const flaky: typeof fetch = async (url, init) => {
      calls += 1;
      if (calls === 1) throw new TypeError('fetch failed');
      return fetch(url, init);
    };
    server.handle = () => ({ body: { ok: 1 } });
    const { http } = client({ fetch: flaky });

    // Act
    const res = await http.getJson(`${server.url}/x`);

    // Assess
    expect(res.body).toEqual({ ok: 1 });
    expect(calls).toBe(2);
  });

  it('waits what Retry-After asks on a 429, then retries', async () => {
    // Prepare
    server.sequence([{ status: 429, headers: { 'retry-after': '7' }, body: { message: 'slow down' } }, { body: { ok: true } }]);
    const { http, time } = client();

    // Act
    await http.getJson(`${server.url}/x`);

    // Assess
    expect(time.waits).toEqual([7000]);
  });

  it('fails at once when the next wait would exceed the total wait budget', async () => {
    // Prepare
    server.handle = () => ({ status: 429, headers: { 'retry-after': '600' } });
    const { http, time } = client({ maxTotalWaitMs: 60_000 });

    // Act
    const error = await http.getJson(`${server.url}/x`).catch((e: unknown) => e);

    // Assess
    expect(error).toBeInstanceOf(ProviderUnavailableError);
    expect((error as ProviderUnavailableError).retryAfterSeconds).toBe(600);
    expect(time.waits).toEqual([]);
    expect(server.requests).toHaveLength(1);
  });

  it('rejects a 4xx without retrying', async () => {
    // Prepare
    server.handle = () => ({ status: 400, body: { message: 'bad filter', errorCode: 400 } });
    const { http } = client();

    // Act
    const error = await http.getJson(`${server.url}/x`).catch((e: unknown) => e);

    // Assess
    expect(error).toBeInstanceOf(ProviderRejectedError);
    expect((error as Error).message).toMatch(/bad filter/);
    expect(server.requests).toHaveLength(1);
  });

  it('holds the next request back for the pause the provider asks for', async () => {
    // Prepare
    server.handle = () => ({ body: {}, headers: { 'x-left': '0' } });
    const { http, time } = client({ pauseAfter: (r) => (r.headers.get('x-left') === '0' ? 9000 : undefined) });

    // Act
    await http.getJson(`${server.url}/a`);
    await http.getJson(`${server.url}/b`);

    // Assess
    expect(time.waits).toEqual([9000]);
  });

  it('retries a 200 whose body is not JSON', async () => {
    // Prepare
    server.sequence([{ body: '<html>maintenance</html>' }, { body: { ok: true } }]);
    const { http } = client();

    // Act
    const res = await http.getJson(`${server.url}/x`);

    // Assess
    expect(res.body).toEqual({ ok: true });
    expect(server.requests).toHaveLength(2);
  });

  it('lets the provider classify responses before the defaults', async () => {
    // Prepare
    server.handle = () => ({ status: 403, body: { message: 'restricted' } });
    const custom = new Error('custom');
    const { http } = client({ classify: (r) => (r.status === 403 ? { action: 'reject', error: custom } : undefined) });

    // Act
    const error = await http.getJson(`${server.url}/x`).catch((e: unknown) => e);

    // Assess
    expect(error).toBe(custom);
  });
});

describe('helpers', () => {
  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = new Date('2026-01-10T12:00:00Z');
    expect(retryAfterMs(new Headers({ 'retry-after': '3' }), now)).toBe(3000);
    expect(retryAfterMs(new Headers({ 'retry-after': 'Sat, 10 Jan 2026 12:00:30 GMT' }), now)).toBe(30_000);
    expect(retryAfterMs(new Headers(), now)).toBeUndefined();
  });

  it('redacts keys from URLs in messages', () => {
    expect(redact('https://api.the-odds-api.com/v4/sports/x/odds?apiKey=abc123&regions=uk')).toBe(
      'https://api.the-odds-api.com/v4/sports/x/odds?apiKey=***&regions=uk',
    );
  });
});
