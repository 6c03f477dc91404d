// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { createQueryClient, getQueryFn } from '@/lib/react-query';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('query client defaults (docs/product.md#query-defaults)', () => {
  it('never goes stale, does not refetch on focus, does not poll and does not retry', () => {
    const defaults = createQueryClient().getDefaultOptions();

    expect(defaults.queries?.staleTime).toBe(Infinity);
    expect(defaults.queries?.refetchOnWindowFocus).toBe(false);
    expect(defaults.queries?.refetchInterval).toBe(false);
    expect(defaults.queries?.retry).toBe(false);
    expect(defaults.mutations?.retry).toBe(false);
  });

  it('reads a query with a GET whose path is the key segments joined by slashes', async () => {
    fetchMock.mockResolvedValue(Response.json({ winAccuracy: 61.5 }));
    const client = createQueryClient();

    const data = await client.fetchQuery({ queryKey: ['/api/metrics', 'latest'] });

    expect(data).toEqual({ winAccuracy: 61.5 });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/metrics/latest');
    expect(fetchMock.mock.calls[0]?.[1]?.credentials).toBe('include');
  });

  it('turns a 401 into no user when asked to, and fails otherwise', async () => {
    fetchMock.mockImplementation(async () => new Response('', { status: 401, statusText: 'Unauthorized' }));
    const client = createQueryClient();

    await expect(client.fetchQuery({ queryKey: ['/api/auth/me'], queryFn: getQueryFn({ on401: 'returnNull' }) })).resolves.toBeNull();
    await expect(client.fetchQuery({ queryKey: ['/api/auth/me', 'strict'], queryFn: getQueryFn({ on401: 'throw' }) })).rejects.toThrow('401: Unauthorized');
  });
});
