import { MyBetsImportReportSchema, MyBetsSchema, TrackedBetSchema, type MyBetsImport, type MyBetsQuery, type NewTrackedBet } from '@app/contracts/my-bets';
import { OkResponseSchema } from '@app/contracts/auth';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

const KEY = ['/api/my-bets'];

/** `GET /api/my-bets` with the page's filters (signed in; a lapsed subscriber keeps reading). */
export const useMyBets = (filter: MyBetsQuery, { enabled }: { enabled: boolean }) =>
  useQuery({
    queryKey: [...KEY, filter],
    queryFn: ({ signal }) => api.get('/api/my-bets', { signal, params: filter, schema: MyBetsSchema }),
    // A changed filter keeps the page (and its filters) on screen until the new answer.
    placeholderData: (previous) => previous,
    enabled,
  });

/** `POST /api/my-bets`: the bet as stored comes back; every list is read again. */
export function useAddBet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bet: NewTrackedBet) => api.post('/api/my-bets', bet, { schema: TrackedBetSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

/** `DELETE /api/my-bets/:id`. */
export function useDeleteBet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/my-bets/${encodeURIComponent(id)}`, { schema: OkResponseSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

/** `POST /api/my-bets/import`: a dry run's report, or the import's (every list read again after one that wrote). */
export function useImportBets() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MyBetsImport) => api.post('/api/my-bets/import', body, { schema: MyBetsImportReportSchema }),
    onSuccess: (report) => (report.imported ? queryClient.invalidateQueries({ queryKey: KEY }) : undefined),
  });
}

/** The CSV download of every bet (the browser saves it). */
export const MY_BETS_CSV_HREF = '/api/my-bets.csv';
