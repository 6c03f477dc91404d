import type { Prediction } from '@app/contracts/predictions';
import { isPremium, type Viewer } from '../viewer.ts';
import type { StoredPrediction, ThreeWay } from './prediction.ts';

const pct = (p: number) => Math.round(p * 1000) / 10;
const outcomes = (o: ThreeWay & { over25: number }) => ({ home: pct(o.home), draw: pct(o.draw), away: pct(o.away), over25: pct(o.over25) });

/**
 * The locking rule: no probability, value flag or insight ever leaves the server for a viewer
 * who is not premium. Premium viewers get everything, as percentages with one decimal.
 */
export function toPublicPrediction(p: StoredPrediction, viewer: Viewer | null): Prediction {
  const base = {
    id: p.id,
    fixtureId: p.fixtureId,
    homeTeam: p.homeTeam,
    awayTeam: p.awayTeam,
    league: p.leagueName,
    leagueId: p.leagueId,
    matchTime: p.kickoff,
    modelVersion: p.modelVersion,
    generatedAt: p.generatedAt,
  };
  if (!isPremium(viewer)) {
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
      insights: null,
    };
  }
  return {
    ...base,
    isLocked: false,
    isPremium: true,
    homeWinProb: pct(p.probabilities.home),
    drawProb: pct(p.probabilities.draw),
    awayWinProb: pct(p.probabilities.away),
    overUnder25: pct(p.overUnder25.over),
    isValueBet: p.valueBets.length > 0,
    valueBets: p.valueBets.map((v) => ({ market: v.market, odds: v.odds, priceSource: 'best' as const, edge: pct(v.edge) })),
    insights: p.insights
      ? {
          expectedGoals: {
            home: Math.round(p.insights.expectedGoals.home * 100) / 100,
            away: Math.round(p.insights.expectedGoals.away * 100) / 100,
          },
          bothTeamsToScore: pct(p.insights.bothTeamsToScore),
          topScores: p.insights.topScores.map((s) => ({ home: s.home, away: s.away, probability: pct(s.probability) })),
          models: p.models ? outcomes(p.models) : null,
          market: p.market ? outcomes(p.market) : null,
        }
      : null,
  };
}
