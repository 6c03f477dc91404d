import { QueryClient, type DefaultOptions, type QueryFunction, type UseMutationOptions } from '@tanstack/react-query';

import { api, isApiError } from '@/lib/api-client';

/**
 * The default read (docs/product.md#api-calls): a GET whose path is the query key's segments joined
 * by slashes, e.g. `['/api/metrics', 'latest']` -> `/api/metrics/latest`.
 * With `on401: 'returnNull'` a 401 resolves to `null` instead of failing (the session lookup).
 */
export function getQueryFn<T>({ on401 }: { on401: 'throw' | 'returnNull' }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const path = queryKey.filter((part) => typeof part === 'string' || typeof part === 'number').join('/');
    try {
      return await api.get<T>(path, { signal });
    } catch (error) {
      if (on401 === 'returnNull' && isApiError(error, 401)) return null;
      throw error;
    }
  };
}

/** docs/product.md#query-defaults: data never stale, no refetch on focus, no polling, no retries. */
export const queryConfig = {
  queries: {
    queryFn: getQueryFn({ on401: 'throw' }),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchInterval: false,
    retry: false,
  },
  mutations: {
    retry: false,
  },
} satisfies DefaultOptions;

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: queryConfig });
}

type AsyncFn = (...args: never[]) => Promise<unknown>;

/** The resolved value of an API function, for typing hooks. */
export type ApiFnReturnType<Fn extends AsyncFn> = Awaited<ReturnType<Fn>>;

/** Options a `useXxx` query hook accepts on top of its own `queryOptions`. */
export type QueryConfig<T extends (...args: never[]) => unknown> = Omit<ReturnType<T>, 'queryKey' | 'queryFn'>;

/** Options a `useXxx` mutation hook accepts. */
export type MutationConfig<Fn extends AsyncFn> = UseMutationOptions<ApiFnReturnType<Fn>, Error, Parameters<Fn>[0]>;
