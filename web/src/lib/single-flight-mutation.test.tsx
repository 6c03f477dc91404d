import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { createQueryClient, useSingleFlightMutation } from '@/lib/react-query';

function setup() {
  const resolvers: ((value: string) => void)[] = [];
  const mutationFn = vi.fn((_: number) => new Promise<string>((resolve) => resolvers.push(resolve)));
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  const hook = renderHook(() => useSingleFlightMutation({ mutationFn }), { wrapper });
  return { hook, mutationFn, resolvers };
}

describe('useSingleFlightMutation', () => {
  it('sends one request for two calls in the same tick (a double click), and allows the next once settled', async () => {
    const { hook, mutationFn, resolvers } = setup();
    const onSuccess = vi.fn();

    act(() => {
      hook.result.current.mutate(1, { onSuccess });
      hook.result.current.mutate(2, { onSuccess });
    });
    await waitFor(() => expect(resolvers).toHaveLength(1));

    await act(async () => resolvers[0]!('done'));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1));
    expect(mutationFn).toHaveBeenCalledTimes(1);

    act(() => hook.result.current.mutate(3));
    await waitFor(() => expect(mutationFn).toHaveBeenCalledTimes(2));
    expect(mutationFn.mock.calls.map(([value]) => value)).toEqual([1, 3]);
  });

  it('guards mutateAsync the same way and frees it after a failure', async () => {
    const { hook, mutationFn } = setup();
    mutationFn.mockImplementationOnce(() => Promise.reject(new Error('boom')));

    const first = hook.result.current.mutateAsync(1);
    const second = hook.result.current.mutateAsync(2);
    await expect(first).rejects.toThrow('boom');
    await expect(second).resolves.toBeUndefined();
    expect(mutationFn).toHaveBeenCalledTimes(1);

    void hook.result.current.mutateAsync(3);
    await waitFor(() => expect(mutationFn).toHaveBeenCalledTimes(2));
  });
});
