import type { QueryClient, UseQueryResult } from '@tanstack/react-query';
import { useDeferredValue, useMemo } from 'react';
import type { LoaderFunctionArgs, Params, ShouldRevalidateFunction } from 'react-router-dom';

/** What a page draws from a query: its answer, or that it is still loading or failed. */
export type ShownQuery<T> = Pick<UseQueryResult<T>, 'data' | 'isPending' | 'isError' | 'isSuccess'>;

const LOADING: ShownQuery<never> = Object.freeze({ data: undefined, isPending: true, isError: false, isSuccess: false });

let started = false;

/** The app's first render is on screen (start.tsx): pages mounted from now on draw a cached answer at once. */
export function markAppStarted(): void {
  started = true;
}

/**
 * A query's answer, drawn as a transition. The query's store makes React draw each change of a
 * query in one synchronous render; a page of matches drawn that way holds a slow phone's main
 * thread for a few hundred milliseconds in one piece. Through this hook that urgent render keeps
 * drawing what was already there (cheap), and the answer is drawn right after it as a transition,
 * which React renders in small slices with the main thread free between them.
 *
 * Until the app's first render is on screen, a page starts from "loading": the prerendered HTML of
 * a page is drawn loading, and React can only adopt it (hydrate) if its first render draws the same,
 * even when the answer came in first. Pages mounted after that draw a cached answer at once.
 */
export function useShownQuery<T>(query: UseQueryResult<T>): ShownQuery<T> {
  const { data, isPending, isError, isSuccess } = query;
  const shown = useMemo<ShownQuery<T>>(() => ({ data, isPending, isError, isSuccess }), [data, isPending, isError, isSuccess]);
  return useDeferredValue(shown, started ? undefined : LOADING);
}

/**
 * A route's `clientLoader` (app/router.tsx) that starts the page's reads before the page first
 * renders, without waiting for them: the page shows itself loading. A query already on its way
 * when a component subscribes to it leaves that render as it was; one the subscription starts
 * makes React render the page again at once, in one piece. Nothing is read when prerendering
 * (the page's HTML is drawn loading). Export {@link revalidateOnNewParams} beside it.
 */
export const prefetchReads =
  (...reads: ((queryClient: QueryClient, params: Params) => Promise<void>)[]) =>
  (queryClient: QueryClient) =>
  ({ params }: LoaderFunctionArgs): null => {
    if (import.meta.env.SSR) return null;
    for (const read of reads) void read(queryClient, params);
    return null;
  };

/**
 * The `shouldRevalidate` of a route whose loader is {@link prefetchReads}: it runs again for
 * another thing (a new team, a new league), not for a filter in the query string, whose change
 * then stays a navigation that completes at once.
 */
export const revalidateOnNewParams: ShouldRevalidateFunction = ({ currentParams, nextParams }) =>
  Object.keys({ ...currentParams, ...nextParams }).some((key) => currentParams[key] !== nextParams[key]);
