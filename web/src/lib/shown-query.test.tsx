import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';

import { markAppStarted, prefetchReads, revalidateOnNewParams, useShownQuery } from '@/lib/shown-query';

const KEY = ['/api/example'];

/** Draws the query as shown, and records every state it rendered. */
function Example({ drawn }: { drawn: string[] }) {
  const shown = useShownQuery(useQuery({ queryKey: KEY, queryFn: () => Promise.resolve('fresh'), staleTime: Infinity }));
  const state = shown.isPending ? 'loading' : shown.isError ? 'failed' : String(shown.data);
  drawn.push(state);
  return <p>{state}</p>;
}

function renderWithAnswer(answer: string) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(KEY, answer);
  const drawn: string[] = [];
  render(
    <QueryClientProvider client={queryClient}>
      <Example drawn={drawn} />
    </QueryClientProvider>,
  );
  return drawn;
}

// One file, one module: these run in order, the app "starting" half-way.
describe('useShownQuery', () => {
  it('draws "loading" first until the app has started, even with the answer in the cache, then the answer', async () => {
    const drawn = renderWithAnswer('cached');
    expect(await screen.findByText('cached')).toBeInTheDocument();
    // The first render matches a prerendered page drawn loading; the answer follows as a transition.
    expect(drawn[0]).toBe('loading');
    expect(drawn.at(-1)).toBe('cached');
  });

  it('draws a cached answer at once on a page mounted after the app has started', () => {
    markAppStarted();
    const drawn = renderWithAnswer('cached');
    expect(screen.getByText('cached')).toBeInTheDocument();
    expect(drawn).not.toContain('loading');
  });
});

describe('prefetchReads', () => {
  it("starts every read with the query client and the route's params, without waiting for them", () => {
    const queryClient = new QueryClient();
    const never = new Promise<void>(() => undefined);
    const first = vi.fn(() => never);
    const second = vi.fn(() => never);
    const loader = prefetchReads(first, second)(queryClient);
    expect(loader({ params: { slug: 'kestrel-bay' } } as unknown as LoaderFunctionArgs)).toBeNull();
    expect(first).toHaveBeenCalledWith(queryClient, { slug: 'kestrel-bay' });
    expect(second).toHaveBeenCalledWith(queryClient, { slug: 'kestrel-bay' });
  });
});

describe('revalidateOnNewParams', () => {
  const args = (currentParams: Record<string, string>, nextParams: Record<string, string>) =>
    ({ currentParams, nextParams, defaultShouldRevalidate: true }) as unknown as Parameters<typeof revalidateOnNewParams>[0];

  it('runs the loader again for another thing, not for the same one with other filters', () => {
    expect(revalidateOnNewParams(args({ slug: 'a' }, { slug: 'b' }))).toBe(true);
    expect(revalidateOnNewParams(args({}, { leagueId: 'NSP' }))).toBe(true);
    expect(revalidateOnNewParams(args({ slug: 'a' }, { slug: 'a' }))).toBe(false);
    expect(revalidateOnNewParams(args({}, {}))).toBe(false);
  });
});
