/**
 * Every goal market of a match read from one scoreline grid: double chance, draw no bet, totals at 1.5 / 2.5 / 3.5,
 * both teams to score, and Asian handicap lines with their fair odds. Reading them all from the grid the forecast was
 * raked to keeps them consistent with the published 1X2 and Over/Under 2.5 (double chance is exactly the sum of two
 * 1X2 outcomes).
 */
import { gridBtts, gridOutcomes, gridTotals, type ScoreGrid } from './grid.ts';

/** Home handicap lines priced for every match: -2.5 to +2.5 in quarter-goal steps. */
export const ASIAN_LINES: readonly number[] = Array.from({ length: 21 }, (_, i) => -2.5 + i * 0.25);

/** The distribution of home goals minus away goals: `p[d + offset]` = P(home − away = d). */
export interface GoalDifference {
  offset: number;
  p: Float64Array;
}

export function goalDifference(g: ScoreGrid): GoalDifference {
  const n = g.size;
  const offset = n - 1;
  const p = new Float64Array(2 * n - 1);
  for (let x = 0; x < n; x++) for (let y = 0; y < n; y++) p[x - y + offset]! += g.p[x * n + y]!;
  return { offset, p };
}

/**
 * The one or two lines a home handicap is settled on, each with its share of the stake: a quarter line (−0.25,
 * +0.75...) is two half stakes on the neighbouring half and whole lines, as bookmakers settle it; a whole line pushes
 * (stake returned) when the adjusted score is level; a half line never does.
 */
export function settlementLines(line: number): Array<{ line: number; stake: number }> {
  const quarters = Math.round(line * 4);
  if (Math.abs(line * 4 - quarters) > 1e-9) throw new RangeError(`An Asian handicap line is a multiple of 0.25, not ${line}`);
  if (quarters % 2 === 0) return [{ line, stake: 1 }];
  return [
    { line: line - 0.25, stake: 0.5 },
    { line: line + 0.25, stake: 0.5 },
  ];
}

/** Probability-weighted stake won and lost by the home side of a handicap (pushes excluded): the parts of its expected profit. */
function winLoss(gd: GoalDifference, line: number): { win: number; loss: number } {
  let win = 0,
    loss = 0;
  for (const part of settlementLines(line)) {
    for (let i = 0; i < gd.p.length; i++) {
      const adjusted = i - gd.offset + part.line;
      if (adjusted > 1e-9) win += part.stake * gd.p[i]!;
      else if (adjusted < -1e-9) loss += part.stake * gd.p[i]!;
    }
  }
  return { win, loss };
}

/**
 * Expected profit per unit staked on a handicap side at decimal `odds`: each part of the stake wins `odds − 1`,
 * pushes (0) or is lost (−1). The away side of home line L is the home side's losing outcomes.
 */
export function asianExpectedProfit(gd: GoalDifference, line: number, side: 'home' | 'away', odds: number): number {
  const { win, loss } = winLoss(gd, line);
  return side === 'home' ? win * (odds - 1) - loss : loss * (odds - 1) - win;
}

/** Fair odds of both sides of a home handicap: the prices at which each side's expected profit is zero. */
export function asianFairOdds(gd: GoalDifference, line: number): { homeFairOdds: number; awayFairOdds: number } {
  const { win, loss } = winLoss(gd, line);
  return { homeFairOdds: 1 + loss / win, awayFairOdds: 1 + win / loss };
}

/** Fractions 0..1 (fair odds as decimal prices). */
export interface GoalMarkets {
  doubleChance: { homeOrDraw: number; homeOrAway: number; drawOrAway: number };
  /** The stake is returned on a draw: each side's probability among the decided matches. */
  drawNoBet: { home: number; away: number };
  /** P(total goals > line). */
  overUnder: { '1.5': number; '2.5': number; '3.5': number };
  btts: number;
  asianHandicap: Array<{ line: number; homeFairOdds: number; awayFairOdds: number }>;
}

export function goalMarkets(g: ScoreGrid): GoalMarkets {
  const o = gridOutcomes(g);
  const gd = goalDifference(g);
  return {
    doubleChance: { homeOrDraw: o.home + o.draw, homeOrAway: o.home + o.away, drawOrAway: o.draw + o.away },
    drawNoBet: { home: o.home / (o.home + o.away), away: o.away / (o.home + o.away) },
    overUnder: { '1.5': gridTotals(g, 1.5).over, '2.5': gridTotals(g, 2.5).over, '3.5': gridTotals(g, 3.5).over },
    btts: gridBtts(g).yes,
    asianHandicap: ASIAN_LINES.map((line) => ({ line, ...asianFairOdds(gd, line) })),
  };
}
