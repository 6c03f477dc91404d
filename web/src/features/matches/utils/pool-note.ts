import type { MatchForecast } from '@app/contracts/matches';

import { formatPercent } from '@/utils/format';

const OUTCOME_NAMES = { home: 'home win', draw: 'draw', away: 'away win' } as const;

/**
 * The one sentence that explains why our models' pool can lie outside the range of its three
 * models: it is log-linear (a weighted geometric mean, renormalised), so where the models agree it
 * is sharper than each of them. Null when the pool sits inside the models' range on every outcome.
 */
export function sharperThanItsParts(forecast: Pick<MatchForecast, 'models' | 'components'>): string | null {
  const { models, components } = forecast;
  if (!models || components.length < 2) return null;
  const outside = (['home', 'draw', 'away'] as const).find((k) => {
    const values = components.map((c) => c[k]);
    return models[k] > Math.max(...values) + 0.05 || models[k] < Math.min(...values) - 0.05;
  });
  if (!outside) return null;
  const above = models[outside] > Math.max(...components.map((c) => c[outside]));
  return `Our models' ${OUTCOME_NAMES[outside]} chance (${formatPercent(models[outside])}) is ${above ? 'above' : 'below'} each model's: the three are pooled as a weighted geometric mean with weights learned from past forecasts, so where they agree the pool is sharper than any one of them.`;
}
