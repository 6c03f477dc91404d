import { vi } from 'vitest';

/** What a test sees of one call the app made. */
export type ApiCall = { method: string; path: string; search: string; body: unknown };

/** A canned answer: plain data (200 JSON), a Response, or a function of the call returning either. */
export type ApiAnswer = unknown;
export type ApiRoutes = Record<string, ApiAnswer | ((call: ApiCall) => ApiAnswer | Promise<ApiAnswer>)>;

/** JSON error body the way the API sends it (`{ error, message? }`). */
export function apiError(status: number, message?: string, extra: Record<string, unknown> = {}): Response {
  return Response.json({ error: 'error', ...(message ? { message } : {}), ...extra }, { status });
}

/** What an anonymous visitor gets from a fresh stack. */
const defaults: ApiRoutes = {
  'GET /api/auth/me': () => apiError(401, 'Not signed in'),
  'GET /api/predictions': [],
  'GET /api/metrics/latest': null,
  'GET /api/metrics/trend': [],
  'GET /api/health': { status: 'ok', table: 'reachable', time: '2026-03-14T10:00:00.000Z' },
};

/**
 * Stubs `fetch` with a small router keyed by `'METHOD /path'` (query string ignored). Calls
 * without a route answer 404 so a missing stub is visible. Returns the list of calls made.
 */
export function mockApi(routes: ApiRoutes = {}) {
  const table = { ...defaults, ...routes };
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const call: ApiCall = { method, path: url.pathname, search: url.search, body };
    calls.push(call);
    const route = table[`${method} ${url.pathname}`];
    if (route === undefined) return apiError(404, `No mock for ${method} ${url.pathname}`);
    const answer = typeof route === 'function' ? await (route as (c: ApiCall) => unknown)(call) : route;
    if (answer instanceof Response) return answer.clone();
    return Response.json(answer);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock, callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path) };
}
