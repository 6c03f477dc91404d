import { SimulationHistorySchema, SimulationSchema, TeamPageSchema, type Simulation, type SimulationHistory, type TeamPage } from '@app/contracts/seasons';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/** `GET /api/simulations/:leagueId`: the latest season simulation (public), parsed with its contract. */
export function getSimulation(leagueId: string, { signal }: { signal?: AbortSignal } = {}): Promise<Simulation> {
  return api.get(`/api/simulations/${encodeURIComponent(leagueId)}`, { signal, schema: SimulationSchema });
}

/** `GET /api/simulations/:leagueId/history`: one snapshot of the chances per day this season. */
export function getSimulationHistory(leagueId: string, { signal }: { signal?: AbortSignal } = {}): Promise<SimulationHistory> {
  return api.get(`/api/simulations/${encodeURIComponent(leagueId)}/history`, { signal, schema: SimulationHistorySchema });
}

/** `GET /api/teams/:slug`: the next fixtures locked unless the viewer is premium. */
export function getTeam(slug: string, { signal }: { signal?: AbortSignal } = {}): Promise<TeamPage> {
  return api.get(`/api/teams/${encodeURIComponent(slug)}`, { signal, schema: TeamPageSchema });
}

export const getSimulationQueryOptions = (leagueId: string) =>
  queryOptions({ queryKey: ['/api/simulations', leagueId], queryFn: ({ signal }) => getSimulation(leagueId, { signal }) });
export const getSimulationHistoryQueryOptions = (leagueId: string) =>
  queryOptions({ queryKey: ['/api/simulations', leagueId, 'history'], queryFn: ({ signal }) => getSimulationHistory(leagueId, { signal }) });
export const getTeamQueryOptions = (slug: string) => queryOptions({ queryKey: ['/api/teams', slug], queryFn: ({ signal }) => getTeam(slug, { signal }) });

export const useSimulation = (leagueId: string) => useQuery(getSimulationQueryOptions(leagueId));
export const useSimulationHistory = (leagueId: string) => useQuery(getSimulationHistoryQueryOptions(leagueId));
export const useTeam = (slug: string) => useQuery(getTeamQueryOptions(slug));
