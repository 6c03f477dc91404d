import { formatPercent } from '@/utils/format';

/**
 * Whose forecast is published, by our models' learned weight in it (docs/decisions/0134-what-the-card-flags.md):
 * the market's fair price (weight 0), our models (weight 1, or no bookmaker odds), or a blend.
 * The card and the match page say it the same way.
 */
export function forecastSource(weight: number | undefined, hasMarket: boolean): string {
  if (!hasMarket || weight === 1) return 'Forecast: our models';
  if (weight === undefined) return 'Forecast';
  if (weight === 0) return 'Forecast: market fair price';
  return `Forecast: ${formatPercent(weight * 100, { digits: 0 })} our models, ${formatPercent((1 - weight) * 100, { digits: 0 })} market fair price`;
}
