import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { useRevealed } from '@/lib/revealed';

const items = Array.from({ length: 30 }, (_, i) => i);

describe('useRevealed', () => {
  it('draws the first batch at once, then the rest in later steps until all are drawn', async () => {
    const seen: number[] = [];
    const { result } = renderHook(() => {
      const shown = useRevealed(items, { wholeUpTo: 8, first: 12, step: 10 });
      seen.push(shown.length);
      return shown;
    });
    expect(seen[0]).toBe(12);
    await waitFor(() => expect(result.current).toHaveLength(30));
    expect(result.current).toEqual(items);
    // Each step added at most a batch: 12, then 22, then all 30.
    expect([...new Set(seen)]).toEqual([12, 22, 30]);
  });

  it('draws a list up to its length whole at once', () => {
    const { result } = renderHook(() => useRevealed(items, { wholeUpTo: 30, first: 12, step: 10 }));
    expect(result.current).toHaveLength(30);
  });

  it('draws a short list whole, and a list changed after it grew at once', async () => {
    const { result, rerender } = renderHook(({ list }) => useRevealed(list, { wholeUpTo: 8, first: 12, step: 10 }), {
      initialProps: { list: items.slice(0, 5) },
    });
    expect(result.current).toHaveLength(5);
    rerender({ list: items });
    await waitFor(() => expect(result.current).toHaveLength(30));
    rerender({ list: items.slice(3) });
    expect(result.current).toHaveLength(27);
  });
});
