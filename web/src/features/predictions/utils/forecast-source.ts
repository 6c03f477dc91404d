import type { ForecastSource } from '@app/contracts/predictions';
import { formatPercent } from '@/utils/format';

/** The card's line for a forecast made without the match's own odds, from the market memory and our models. */
export const MEMORY_FORECAST = 'Forecast from past market prices and our models';
/** The same, as a row of the compact list says it under the teams. */
export const MEMORY_FORECAST_SHORT = 'From market memory';
/**
 * A fixture of a league without history (docs/decisions/0312-value-flags-in-every-league-with-a-sharp-price.md): its
 * value flags, measured against the sharp book's fair price, and no forecast of ours.
 */
export const NO_FORECAST = 'No forecast for this league: value flags only';
/** The same, as a row of the compact list says it under the teams. */
export const NO_FORECAST_SHORT = 'Value flags only, no forecast';
/** Whether a listed fixture is one of a league without history: flags, no forecast, no match page. */
export const flagsOnly = (p: { forecastSource: ForecastSource | null }) => p.forecastSource === 'none';

/**
 * Whose forecast is published, by our models' learned weight in it (docs/decisions/0134-what-the-card-flags.md):
 * the market's fair price (weight 0), our models (weight 1, or no bookmaker odds), or a blend; without the match's
 * own odds, past market prices (the market memory) pooled with our models by their weight
 * (docs/decisions/0291-forecasts-from-market-memory-in-the-product.md). The card and the match page say it the same way.
 */
export function forecastSource(weight: number | undefined, hasMarket: boolean, source?: ForecastSource | null): string {
  const pct = (w: number) => formatPercent(w * 100, { digits: 0 });
  if (source === 'memory')
    return weight === undefined ? 'Forecast: past market prices and our models' : `Forecast: ${pct(1 - weight)} past market prices, ${pct(weight)} our models`;
  if (!hasMarket || weight === 1) return 'Forecast: our models';
  if (weight === undefined) return 'Forecast';
  if (weight === 0) return 'Forecast: market fair price';
  return `Forecast: ${pct(weight)} our models, ${pct(1 - weight)} market fair price`;
}
