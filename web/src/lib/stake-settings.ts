import type { AlertSettings } from '@app/contracts/alerts';
import type { StakePlan } from '@app/contracts/rules';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { useSession } from '@/lib/auth';

/**
 * `GET /api/alerts` (premium): the alert settings, which hold the bankroll and stake plan the flags' stakes follow.
 * Parsed with its contract, loaded with the answer: the cards on the landing page's first load do not carry it.
 */
export const alertsQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/alerts'],
    queryFn: async ({ signal }) => {
      const { AlertsViewSchema } = await import('@app/contracts/alerts');
      return api.get('/api/alerts', { signal, schema: AlertsViewSchema });
    },
  });

/** What a flag's stake is shown in: the subscriber's plan (flat until they choose) and bankroll (dollars; null until set). */
export type StakeSettings = { plan: StakePlan; bankroll: number | null };

export const stakeSettingsOf = (settings: AlertSettings | undefined): StakeSettings => ({
  plan: settings?.stakePlan ?? 'flat',
  bankroll: settings?.bankroll ?? null,
});

/** The premium subscriber's stake settings (one read shared with the alerts form); the defaults for anyone else or before it loads. */
export function useStakeSettings(): StakeSettings {
  const { isPremium } = useSession();
  const alerts = useQuery({ ...alertsQueryOptions(), enabled: isPremium });
  return stakeSettingsOf(alerts.data?.settings);
}
