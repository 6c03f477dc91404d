import { overFromOdds, threeWayFromOdds } from '@app/model/odds';
import { round } from '../numbers.ts';
import { marketOf } from '../predictions/picks.ts';
import type { MarketOdds, Selection } from '../predictions/prediction.ts';
import type { ClosingOdds } from '../predictions/odds.ts';
import type { ClosingPrice } from './entry.ts';

/** Whether `odds` prices every outcome of the selection's market (a fair price needs the whole market). */
function complete(odds: MarketOdds | undefined, selection: Selection): odds is MarketOdds {
  if (!odds) return false;
  return marketOf(selection) === '1x2' ? Boolean(odds.home && odds.draw && odds.away) : Boolean(odds.over25 && odds.under25);
}

/**
 * The selection's closing price and fair closing probability: Pinnacle's closing market where it
 * is complete, else the market average's; the margin removed the way the forecast removes it from
 * the pre-kickoff odds (Shin for 1X2, proportional for Over/Under), so CLV and the published fair
 * probability speak of the same thing (docs/decisions/0131-closing-line-value.md).
 */
export function closingPriceOf(selection: Selection, closing: ClosingOdds): ClosingPrice | undefined {
  const [source, odds] = complete(closing.sharp, selection)
    ? (['pinnacle', closing.sharp] as const)
    : complete(closing.average, selection)
      ? (['average', closing.average] as const)
      : [];
  if (!source || !odds) return undefined;
  let fair: number | undefined;
  if (marketOf(selection) === '1x2') {
    fair = threeWayFromOdds(odds, 'shin')?.[selection as 'home' | 'draw' | 'away'];
  } else {
    const over = overFromOdds(odds, 'proportional');
    fair = over === undefined ? undefined : selection === 'over25' ? over : 1 - over;
  }
  if (fair === undefined) return undefined;
  return { price: odds[selection]!, fairProbability: round(fair, 4), source, capturedAt: new Date(closing.capturedAt).toISOString() };
}
