// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ResponseContractError } from '@app/contracts/response-contract';
import { core, strictObject, string } from 'zod/mini';

import { api, ApiError, apiErrorMessage, apiFieldErrors, formatWait, isApiError, parseRetryAfter, request } from '@/lib/api-client';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

function lastInit(): RequestInit {
  const call = fetchMock.mock.calls.at(-1);
  if (!call) throw new Error('fetch was not called');
  return call[1] ?? {};
}

describe('api-client', () => {
  it("rejects a non-OK answer with '<status>: <body text>' and keeps the status", async () => {
    fetchMock.mockResolvedValue(new Response('not found', { status: 404, statusText: 'Not Found' }));

    const error = await request('/api/predictions').catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('404: not found');
    expect((error as ApiError).status).toBe(404);
    expect((error as ApiError).body).toBe('not found');
  });

  it('falls back to the status text when the error body is empty', async () => {
    fetchMock.mockResolvedValue(new Response('', { status: 401, statusText: 'Unauthorized' }));

    await expect(api.get('/api/auth/me')).rejects.toMatchObject({ name: 'ApiError', message: '401: Unauthorized', status: 401 });
  });

  it('keeps a JSON error body as text in the message', async () => {
    fetchMock.mockResolvedValue(
      new Response('{"message":"Invalid credentials"}', { status: 400, statusText: 'Bad Request', headers: { 'Content-Type': 'application/json' } }),
    );

    await expect(api.post('/api/auth/login', { email: 'a@b.co', password: 'x' })).rejects.toThrow('400: {"message":"Invalid credentials"}');
  });

  it('sends cookies and no body or Content-Type when there is no payload', async () => {
    fetchMock.mockResolvedValue(Response.json([{ id: 'p1' }]));

    const data = await api.get<{ id: string }[]>('/api/predictions');

    expect(data).toEqual([{ id: 'p1' }]);
    const init = lastInit();
    expect(init.credentials).toBe('include');
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
    expect(new Headers(init.headers).has('Content-Type')).toBe(false);
  });

  it('sends a present body as JSON', async () => {
    fetchMock.mockResolvedValue(Response.json({ url: 'https://checkout.example/session' }));

    await api.post('/api/stripe/create-checkout-session', { userId: 'u1', email: 'a@b.co' });

    const init = lastInit();
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('include');
    expect(init.body).toBe(JSON.stringify({ userId: 'u1', email: 'a@b.co' }));
    expect(new Headers(init.headers).get('Content-Type')).toBe('application/json');
  });

  it('posts without a body when none is given (e.g. cancel-subscription)', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));

    await expect(api.post('/api/stripe/cancel-subscription')).resolves.toBeUndefined();

    // As the product's client does: a body as JSON only when there is one, so nothing else is sent
    // (the server accepts a body-less request from our own origin).
    expect(lastInit().body).toBeUndefined();
    expect(new Headers(lastInit().headers).has('Content-Type')).toBe(false);
    expect(new Headers(lastInit().headers).has('X-Requested-With')).toBe(false);
  });

  it('appends query parameters', async () => {
    fetchMock.mockResolvedValue(Response.json([]));

    await api.get('/api/tracking/predictions', { params: { days: 7, league: undefined } });

    expect(fetchMock.mock.calls.at(-1)?.[0]).toBe('/api/tracking/predictions?days=7');
  });

  it('throws, in a development build, on an answer outside its contract: a field of another type, or one the contract does not name', async () => {
    const schema = strictObject({ url: string() });
    fetchMock.mockResolvedValueOnce(Response.json({ url: 42 })).mockResolvedValueOnce(Response.json({ url: 'https://pay', sessionId: 'cs_1' }));

    const wrongType = api.post('/api/stripe/create-checkout-session', {}, { schema });
    await expect(wrongType).rejects.toThrow(
      new ResponseContractError('POST /api/stripe/create-checkout-session answered outside its contract: url: expected string'),
    );
    await expect(wrongType).rejects.toMatchObject({ cause: expect.any(core.$ZodError) });
    await expect(api.post('/api/stripe/create-checkout-session', {}, { schema })).rejects.toThrow(/\(body\): fields the contract does not name: sessionId$/);
  });

  it('reports, in a production build, an answer outside its contract and returns it as it came', async () => {
    vi.stubEnv('DEV', false);
    const reportError = vi.fn();
    vi.stubGlobal('reportError', reportError);
    fetchMock.mockResolvedValue(Response.json({ url: 'https://pay', sessionId: 'cs_1' }));

    const answer = await api.post('/api/stripe/create-checkout-session', {}, { schema: strictObject({ url: string() }) });

    expect(answer).toEqual({ url: 'https://pay', sessionId: 'cs_1' });
    expect(reportError).toHaveBeenCalledExactlyOnceWith(expect.any(ResponseContractError));
    expect(String(reportError.mock.calls[0]![0])).toMatch(/^ResponseContractError: POST \/api\/stripe\/create-checkout-session answered outside its contract/);
  });

  it('recognises API errors by status', () => {
    const error = new ApiError(401, '', '401: Unauthorized');

    expect(isApiError(error, 401)).toBe(true);
    expect(isApiError(error, 403)).toBe(false);
    expect(isApiError(new Error('401: Unauthorized'))).toBe(false);
  });
});

describe('apiErrorMessage', () => {
  const failure = (body: string) => new ApiError(400, body, `400: ${body}`);

  it("reads the server's message, else the first issue's message", () => {
    expect(apiErrorMessage(failure('{"error":"conflict","message":"An account with this email already exists"}'))).toBe(
      'An account with this email already exists',
    );
    expect(apiErrorMessage(failure('{"error":"validation","issues":[{"path":"password","message":"Password must be at least 8 characters long."}]}'))).toBe(
      'Password must be at least 8 characters long.',
    );
  });

  it("prefers the precise issue to the generic 'Invalid request body'", () => {
    const body =
      '{"error":"validation","message":"Invalid request body","issues":[{"path":"message","message":"Too big: expected string to have <=1000 characters"}]}';
    expect(apiErrorMessage(failure(body))).toBe('Too big: expected string to have <=1000 characters');
  });

  it('maps the issues to their fields, first message per field', () => {
    const body = JSON.stringify({
      error: 'validation',
      message: 'Invalid request body',
      issues: [
        { path: 'password', message: 'Password must be at most 128 characters long.' },
        { path: 'password', message: 'second' },
        { path: 'email', message: 'Enter a valid email address' },
      ],
    });
    expect(apiFieldErrors(failure(body))).toEqual({ password: 'Password must be at most 128 characters long.', email: 'Enter a valid email address' });
    expect(apiFieldErrors(new TypeError('Failed to fetch'))).toEqual({});
  });

  it('gives nothing for bodies without a message and for other errors', () => {
    expect(apiErrorMessage(failure('{"error":"internal","requestId":"r1"}'))).toBeUndefined();
    expect(apiErrorMessage(failure('Bad gateway'))).toBeUndefined();
    expect(apiErrorMessage(new TypeError('Failed to fetch'))).toBeUndefined();
  });
});

describe('Retry-After', () => {
  it('is kept on the error of a 429, in seconds', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response('{"error":"rate_limited","message":"Too many failed login attempts. Try again later."}', {
        status: 429,
        headers: { 'Content-Type': 'application/json', 'Retry-After': '840' },
      }),
    );
    await expect(api.post('/api/auth/login', { email: 'a@b.co', password: 'x' })).rejects.toMatchObject({ status: 429, retryAfterSeconds: 840 });
  });

  it('reads seconds or an HTTP date, and nothing from junk', () => {
    const now = Date.parse('2026-11-23T12:00:00Z');
    expect(parseRetryAfter('120', now)).toBe(120);
    expect(parseRetryAfter('Mon, 23 Nov 2026 12:02:30 GMT', now)).toBe(150);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });

  it('is told in words', () => {
    expect(formatWait(12)).toBe('12 seconds');
    expect(formatWait(60)).toBe('1 minute');
    expect(formatWait(840)).toBe('14 minutes');
    expect(formatWait(3 * 3600)).toBe('about 3 hours');
  });
});
