import type { UpdateOddsBody } from '@app/contracts/admin';
import { OkResponseSchema } from '@app/contracts/auth';
import { useQueryClient } from '@tanstack/react-query';

import { getWinningPredictionsQueryOptions } from '@/features/admin/api/get-winning-predictions';
import { api } from '@/lib/api-client';
import { type MutationConfig, useSingleFlightMutation } from '@/lib/react-query';

/** `POST /api/admin/update-odds` with `{ predictionId, odds }` (odds > 1). */
export async function updateOdds(body: UpdateOddsBody): Promise<void> {
  await api.post('/api/admin/update-odds', body, { schema: OkResponseSchema });
}

export function useUpdateOdds({ mutationConfig }: { mutationConfig?: MutationConfig<typeof updateOdds> } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useSingleFlightMutation({
    ...rest,
    mutationFn: updateOdds,
    onSuccess: async (...args) => {
      // Odds feed the profit figures, so the metrics are stale too.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: getWinningPredictionsQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: ['/api/metrics'] }),
      ]);
      await onSuccess?.(...args);
    },
  });
}
