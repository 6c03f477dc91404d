import type * as DisplayNames from '@app/contracts/display-names';
import { PredictionListSchema, type Prediction } from '@app/contracts/predictions';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/react-query';

/**
 * A prediction as the lists show it: the API's (which keeps the clubs' canonical spelling), with
 * its clubs by the names people know and its league's country (docs/decisions/0076-display-names.md).
 */
export type ListedPrediction = Prediction & {
  homeTeamName: string;
  awayTeamName: string;
  /** Undefined for a league nobody listed. */
  country: string | undefined;
};

type NameTables = Pick<typeof DisplayNames, 'displayTeamName' | 'leagueCountry'>;

export function listPrediction(prediction: Prediction, { displayTeamName, leagueCountry }: NameTables): ListedPrediction {
  return {
    ...prediction,
    homeTeamName: displayTeamName(prediction.homeTeam),
    awayTeamName: displayTeamName(prediction.awayTeam),
    country: leagueCountry(prediction.leagueId),
  };
}

/**
 * `GET /api/predictions`: today and the next 7 days. The server decides locking: for a viewer
 * who is not premium every probability is null (docs/decisions/0007-locking-decided-on-the-server.md).
 * The display-name tables are data for the cards, not code a page needs to start: they load
 * alongside the list, so they stay out of the landing page's initial JavaScript.
 */
export async function getPredictions({ signal }: { signal?: AbortSignal } = {}): Promise<ListedPrediction[]> {
  const [predictions, names] = await Promise.all([
    api.get('/api/predictions', { signal, schema: PredictionListSchema }),
    import('@app/contracts/display-names'),
  ]);
  return predictions.map((prediction) => listPrediction(prediction, names));
}

export const getPredictionsQueryOptions = () => queryOptions({ queryKey: ['/api/predictions'], queryFn: ({ signal }) => getPredictions({ signal }) });

export function usePredictions({ queryConfig }: { queryConfig?: QueryConfig<typeof getPredictionsQueryOptions> } = {}) {
  return useQuery({ ...getPredictionsQueryOptions(), ...queryConfig });
}
