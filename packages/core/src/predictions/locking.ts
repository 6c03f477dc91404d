import type { GoalMarkets, Prediction } from '@app/contracts/predictions';
import { selectionProbability, type StoredPrediction, type ThreeWay, type ValueBet } from './prediction.ts';
import { percent, round } from '../numbers.ts';
import { picksOf } from './picks.ts';
import { slug } from '../text.ts';
import { stakeSuggestions } from './stake.ts';

/**
 * Every goal market of a stored prediction: double chance and draw no bet from the published 1X2 (so they agree with
 * it exactly), the totals and BTTS from its grid, the Asian handicap lines' fair odds as stored. Null for predictions
 * stored before the grid's lines were kept.
 */
export function goalMarketsOf(p: StoredPrediction): GoalMarkets | null {
  const i = p.insights;
  if (!i?.totals || !i.asianHandicap) return null;
  const { home, draw, away } = p.probabilities;
  const dnbHome = percent(home / (home + away));
  return {
    doubleChance: { homeOrDraw: percent(home + draw), homeOrAway: percent(home + away), drawOrAway: percent(draw + away) },
    drawNoBet: { home: dnbHome, away: round(100 - dnbHome, 1) },
    overUnder: { '1.5': percent(i.totals.over15), '2.5': percent(p.overUnder25.over), '3.5': percent(i.totals.over35) },
    btts: percent(i.bothTeamsToScore),
    asianHandicap: i.asianHandicap.map((l) => ({ line: l.line, homeFairOdds: fairPrice(l.homeFairOdds), awayFairOdds: fairPrice(l.awayFairOdds) })),
  };
}

/** A fair price with two decimals, never shown as 1.00 (a certainty no grid gives). */
const fairPrice = (odds: number) => Math.max(1.01, round(odds, 2));

const outcomes = (o: ThreeWay & { over25: number }) => ({ home: percent(o.home), draw: percent(o.draw), away: percent(o.away), over25: percent(o.over25) });

/** A tracked pick as a card and the match page show it. */
export const cardPicks = (p: StoredPrediction) =>
  picksOf(p).map((pick) => ({ market: pick.market, selection: pick.selection, probability: percent(pick.confidence) }));

export const fairOddsOf = (probability: number | undefined) => (probability ? round(1 / probability, 2) : null);

/** A value flag as a card and the match page show it: side, price, bookmaker, fair odds, edge, when seen. */
export function valueBetView(p: StoredPrediction, v: ValueBet): NonNullable<Prediction['valueBets']>[number] {
  const fair = v.fairProbability ?? (p.market && selectionProbability(p.market, v.market));
  return {
    market: v.market,
    odds: v.odds,
    priceSource: 'best',
    bookmaker: v.bookmaker ?? p.bestBookmakers?.[v.market] ?? null,
    fairOdds: fairOddsOf(fair),
    edge: percent(v.edge),
    seenAt: v.seenAt ?? null,
    flaggedAt: v.flaggedAt ?? null,
    quotedAt: v.quotedAt ?? null,
    stake: stakeSuggestions(fair, v.odds),
  };
}

/**
 * The locking rule: no probability, value flag or insight ever leaves the server for a viewer
 * who is not premium. Premium viewers get everything, as percentages with one decimal. The caller
 * says which view it serves (`seesPremiumContent(viewer)`); no viewer is needed for it.
 */
export function toPublicPrediction(p: StoredPrediction, { premium }: { premium: boolean }): Prediction {
  const base = {
    id: p.id,
    fixtureId: p.fixtureId,
    homeTeam: p.homeTeam,
    awayTeam: p.awayTeam,
    homeTeamSlug: slug(p.homeTeam),
    awayTeamSlug: slug(p.awayTeam),
    league: p.leagueName,
    leagueId: p.leagueId,
    matchTime: p.kickoff,
    modelVersion: p.modelVersion,
    generatedAt: p.generatedAt,
    forecastSource: p.valueOnly ? ('none' as const) : (p.forecastSource ?? null),
  };
  if (!premium) {
    return {
      ...base,
      isLocked: true,
      isPremium: false,
      homeWinProb: null,
      drawProb: null,
      awayWinProb: null,
      overUnder25: null,
      isValueBet: null,
      valueBets: null,
      picks: null,
      modelWeight: null,
      insights: null,
      markets: null,
    };
  }
  // A flag-only record (a league without history): its flags, and no forecast of ours
  // (docs/decisions/0312-value-flags-in-every-league-with-a-sharp-price.md).
  if (p.valueOnly) {
    return {
      ...base,
      isLocked: false,
      isPremium: true,
      homeWinProb: null,
      drawProb: null,
      awayWinProb: null,
      overUnder25: null,
      isValueBet: p.valueBets.length > 0,
      valueBets: p.valueBets.map((v) => valueBetView(p, v)),
      picks: [],
      modelWeight: null,
      insights: null,
      markets: null,
    };
  }
  return {
    ...base,
    isLocked: false,
    isPremium: true,
    homeWinProb: percent(p.probabilities.home),
    drawProb: percent(p.probabilities.draw),
    awayWinProb: percent(p.probabilities.away),
    overUnder25: percent(p.overUnder25.over),
    isValueBet: p.valueBets.length > 0,
    valueBets: p.valueBets.map((v) => valueBetView(p, v)),
    picks: cardPicks(p),
    modelWeight: p.modelWeight ?? null,
    insights: p.insights
      ? {
          expectedGoals: {
            home: Math.round(p.insights.expectedGoals.home * 100) / 100,
            away: Math.round(p.insights.expectedGoals.away * 100) / 100,
          },
          bothTeamsToScore: percent(p.insights.bothTeamsToScore),
          topScores: p.insights.topScores.map((s) => ({ home: s.home, away: s.away, probability: percent(s.probability) })),
          models: p.models ? outcomes(p.models) : null,
          market: p.market ? outcomes(p.market) : null,
        }
      : null,
    markets: goalMarketsOf(p),
  };
}
