/**
 * A fixture's bookmaker prices as a source reports them: read by the value flags
 * (value-flags.ts), the ledger's closing line (ledger/closing.ts) and the pipeline that captures
 * them (the `OddsProvider` port of pipeline/providers.ts carries them).
 */
import type { MarketBookmakers, MarketOdds } from './prediction.ts';

/** One bookmaker's prices of a fixture, as the source reported them. */
export interface BookQuote {
  /** The source's bookmaker key (The Odds API's `williamhill`, `pinnacle`...; a demo book's own). */
  key: string;
  /** The name a card shows. */
  name: string;
  /** When the bookmaker last updated these prices (The Odds API `last_update`). */
  updatedAt: string;
  prices: MarketOdds;
}

/** Prices of one fixture captured before kickoff. */
export interface FixtureOdds {
  /**
   * Every bookmaker's own prices, where the source names them: value flags read the declared
   * bookmakers' among them and the sharp reference's (docs/decisions/0190-the-declared-bookmaker-list.md).
   */
  quotes?: BookQuote[];
  /** Best price per market across bookmakers (value bets, staking). */
  best: MarketOdds;
  /** Who offers each best price, where the source names it. */
  bestBookmakers?: MarketBookmakers;
  /** Average price per market across bookmakers. */
  average: MarketOdds;
  /**
   * Pinnacle's own prices when the provider has them: the model's preferred market feature (on
   * the development seasons its pre-closing line was sharper than the average). See {@link modelOdds}.
   */
  sharp?: MarketOdds;
  /** The sharp reference's name when it is not Pinnacle (a demo world's own). */
  sharpName?: string;
  /** When the prices were captured (ISO). */
  capturedAt: string;
}

/**
 * A fixture's closing prices: the last line before kickoff, Pinnacle's where the source has it
 * (`sharp`), and the market average.
 */
export interface ClosingOdds {
  sharp?: MarketOdds;
  average?: MarketOdds;
  capturedAt: string;
}
