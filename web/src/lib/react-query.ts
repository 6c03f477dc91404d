import {
  QueryClient,
  useMutation,
  type DefaultError,
  type DefaultOptions,
  type MutateOptions,
  type QueryFunction,
  type UseMutationOptions,
  type UseMutationResult,
} from '@tanstack/react-query';
import { useCallback, useRef } from 'react';

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

/**
 * `useMutation` that cannot fire twice: while one call is in flight, further `mutate` /
 * `mutateAsync` calls are ignored (`mutateAsync` then resolves to `undefined`). A double click
 * arrives before React has re-rendered the button as disabled, so `disabled={isPending}` alone
 * does not stop the second request; every form and action button of the app goes through this.
 */
export function useSingleFlightMutation<TData = unknown, TError = DefaultError, TVariables = void, TContext = unknown>(
  options: UseMutationOptions<TData, TError, TVariables, TContext>,
): UseMutationResult<TData, TError, TVariables, TContext> {
  const mutation = useMutation(options);
  const inFlight = useRef(false);
  const { mutate: run, mutateAsync: runAsync } = mutation;

  const mutate = useCallback(
    (variables: TVariables, callbacks?: MutateOptions<TData, TError, TVariables, TContext>) => {
      if (inFlight.current) return;
      inFlight.current = true;
      run(variables, {
        ...callbacks,
        onSettled: (...args) => {
          inFlight.current = false;
          return callbacks?.onSettled?.(...args);
        },
      });
    },
    [run],
  );

  const mutateAsync = useCallback(
    async (variables: TVariables, callbacks?: MutateOptions<TData, TError, TVariables, TContext>) => {
      if (inFlight.current) return undefined as TData;
      inFlight.current = true;
      try {
        return await runAsync(variables, callbacks);
      } finally {
        inFlight.current = false;
      }
    },
    [runAsync],
  );

  return { ...mutation, mutate, mutateAsync } as UseMutationResult<TData, TError, TVariables, TContext>;
}
