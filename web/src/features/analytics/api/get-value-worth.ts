import { ValueWorthSchema, type ValueWorth } from '@app/contracts/analytics';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/** `GET /api/ledger/value-worth`: the value flags of the last 30 days and the season beside the fee (public), parsed with its contract. */
export function getValueWorth({ signal }: { signal?: AbortSignal } = {}): Promise<ValueWorth> {
  return api.get('/api/ledger/value-worth', { signal, schema: ValueWorthSchema });
}

export const getValueWorthQueryOptions = () => queryOptions({ queryKey: ['/api/ledger/value-worth'], queryFn: ({ signal }) => getValueWorth({ signal }) });

export function useValueWorth() {
  return useQuery(getValueWorthQueryOptions());
}
