/** Text rendering of a backtest report and the calibration plot (SVG); pure string builders. */
import type { BacktestReport, GroupReport } from './backtest.ts';
import type { PlanResult } from '@app/model/stakes';
import type { ClvSummary, EarningsRow, TuningRow, ValueBetGroup, ValueBets } from './value-backtest.ts';
import { VALUE_MARKETS, type ValueMarket, type ValueRule, type ValueRules } from '@app/model/value-rule';
import type { CalibrationBin } from '@app/model/scoring';

const f4 = (x: number) => (Number.isFinite(x) ? x.toFixed(4) : '  -   ');
const pct = (x: number) => (Number.isFinite(x) ? `${(x * 100).toFixed(1)}%` : '-');

const X1_ROWS = ['ensemble', 'models', 'statistical', 'ai', 'rating', 'pinnacle', 'market', 'input'] as const;

export function groupTable(g: GroupReport): string {
  const lines: string[] = [];
  lines.push(`${g.label}: ${g.matches} matches; 1X2 common subset n=${g.x1.ensemble.n}, O/U common subset n=${g.ou.ensemble.n}`);
  lines.push('  1X2          n      RPS     LogLoss  Brier   Acc    |  O/U 2.5    n      Brier   LogLoss  Acc');
  for (const k of X1_ROWS) {
    const a = g.x1[k];
    if (!a) continue;
    const b = k === 'input' ? undefined : g.ou[k];
    lines.push(
      `  ${k.padEnd(12)} ${String(a.n).padStart(5)}  ${f4(a.rps)}  ${f4(a.logLoss)}  ${f4(a.brier)}  ${pct(a.accuracy).padStart(5)}  |  ${b ? `${k.padEnd(10)} ${String(b.n).padStart(5)}  ${f4(b.brier)}  ${f4(b.logLoss)}  ${pct(b.accuracy).padStart(5)}` : ''}`,
    );
  }
  return lines.join('\n');
}

export function compactGroupLine(g: GroupReport): string {
  const x = g.x1;
  return `${g.label.padEnd(12)} n=${String(x.ensemble.n).padStart(4)}  RPS ens ${f4(x.ensemble.rps)} models ${f4(x.models.rps)} stat ${f4(x.statistical.rps)} ai ${f4(x.ai.rps)} rat ${f4(x.rating.rps)} pin ${f4(x.pinnacle.rps)}${x.input ? ` input ${f4(x.input.rps)}` : ''} | ratio ${(x.ensemble.rps / x.pinnacle.rps).toFixed(4)} | O/U n=${String(g.ou.ensemble.n).padStart(4)} Brier ens ${f4(g.ou.ensemble.brier)} pin ${f4(g.ou.pinnacle.brier)}`;
}

const signed = (x: number) => (Number.isFinite(x) ? `${x >= 0 ? '+' : ''}${(x * 100).toFixed(1)}%` : '-');

/** '+2.4% [+1.6%, +3.3%], 62.0% beat the close, n=710' */
export function clvText(c: ClvSummary): string {
  return c.n
    ? `CLV ${signed(c.mean)} [${signed(c.ci95[0])}, ${signed(c.ci95[1])}], ${pct(c.beatClosePct)} beat the close, n=${c.n}`
    : 'CLV: no bet with that close';
}

const units = (x: number) => (Number.isFinite(x) ? `${x >= 0 ? '+' : ''}${x.toFixed(1)}` : '-');

function valueGroupLine(name: string, g: ValueBetGroup): string {
  return (
    `  ${name.padEnd(10)} bets ${String(g.bets).padStart(5)}  ${clvText(g.clv)}, total ${units(g.clv.total)} [${units(g.clv.totalCI95[0])}, ${units(g.clv.totalCI95[1])}] units | ROI ${signed(g.roi)} [${signed(g.roiCI95[0])}, ${signed(g.roiCI95[1])}], hit rate ${pct(g.hitRate)}` +
    (g.clvAverageClose.n ? ` | average close: ${clvText(g.clvAverageClose)}` : '') +
    (g.withoutClose ? ` | ${g.withoutClose} without a close` : '')
  );
}

const ruleText = (r: ValueRule) => `edge >= ${r.minEdge}, price ${r.minOdds}..${r.maxOdds}, fair p >= ${r.minProbability}`;

/** A rule, or each market's (a market without one is not flagged). */
export function rulesText(rule: ValueRule | ValueRules): string {
  if ('minEdge' in rule)
    return `fair probability x price - 1 >= ${rule.minEdge}, price ${rule.minOdds}..${rule.maxOdds}, fair probability >= ${rule.minProbability}`;
  return VALUE_MARKETS.map((m) => `${MARKET_NAMES[m]}: ${rule[m] ? ruleText(rule[m]) : 'not flagged'}`).join('; ');
}

const MARKET_NAMES: Record<ValueMarket, string> = { '1X2': '1X2', 'OU2.5': 'O/U 2.5', AH: 'Asian hcp' };

/** A stake plan's line: profit, ROI and worst drawdown with their intervals. */
function planLine(p: PlanResult): string {
  return `  ${p.name}: staked ${p.staked.toFixed(1)}, profit ${units(p.profit)} [${units(p.profitCI95[0])}, ${units(p.profitCI95[1])}], ROI ${signed(p.roi)} [${signed(p.roiCI95[0])}, ${signed(p.roiCI95[1])}], worst drawdown ${p.maxDrawdown.toFixed(1)} [${p.maxDrawdownCI95[0].toFixed(1)}, ${p.maxDrawdownCI95[1].toFixed(1)}]`;
}

/** The value-bet block: CLV against Pinnacle's close first (mean, then the total in stake units), then ROI; per market and season, league, season; the stake plans. */
export function valueBetLines(title: string, v: ValueBets): string[] {
  const out = [
    `Value bets ${title}:`,
    `  rule: ${rulesText(v.rule)}; fair = ${v.fair}; price = ${v.against}`,
    `  HEADLINE ${clvText(v.clv)}, total ${units(v.clv.total)} [${units(v.clv.totalCI95[0])}, ${units(v.clv.totalCI95[1])}] stake units (against Pinnacle's closing price, de-vigged; an Asian handicap only at its own line)`,
    valueGroupLine('all', v.all),
  ];
  for (const m of VALUE_MARKETS) {
    out.push(valueGroupLine(MARKET_NAMES[m], v.byMarket[m]));
    for (const [season, g] of Object.entries(v.byMarketSeason[m])) out.push(valueGroupLine(`  ${season}`, g));
  }
  out.push('  by league:');
  for (const [k, g] of Object.entries(v.byLeague)) out.push(valueGroupLine(k, g));
  out.push('  by season:');
  for (const [k, g] of Object.entries(v.bySeason)) out.push(valueGroupLine(k, g));
  out.push('  stake plans (a bankroll of 100, stakes from the starting bankroll):');
  for (const p of v.stakes) out.push(planLine(p));
  return out;
}

/** The tuning grid, best lower CLV bound first (the top 25), and the rule the declared criterion chooses. */
export function renderTuning({ rows, chosen }: { rows: readonly TuningRow[]; chosen: TuningRow | undefined }): string {
  const line = (r: TuningRow) => `  ${ruleText(r.rule).padEnd(48)} bets ${String(r.bets).padStart(5)}  ${clvText(r.clv)}  ROI ${signed(r.roi)}`;
  const ordered = [...rows].sort((a, b) => (b.clv.ci95[0] || -9) - (a.clv.ci95[0] || -9));
  return [
    `Value-rule tuning grid (${rows.length} rules; CLV against Pinnacle's close; best lower bound first, top 25):`,
    ...ordered.slice(0, 25).map(line),
    chosen ? `CHOSEN by the declared criterion: ${line(chosen).trim()}` : 'CHOSEN: none (no rule reached the minimum number of bets)',
  ].join('\n');
}

/** 0310's tuning per market: the top 15 rules by the criterion (eligible first), and each market's choice. */
export function renderEarningsTuning({ rows, byMarket }: { rows: readonly EarningsRow[]; byMarket: Partial<Record<ValueMarket, EarningsRow>> }): string {
  const line = (r: EarningsRow) =>
    `  ${ruleText(r.rule).padEnd(46)} bets ${String(r.bets).padStart(5)}  ${clvText(r.clv)}, total ${units(r.clv.total)} [${units(r.clv.totalCI95[0])}, ${units(r.clv.totalCI95[1])}]; per season (${r.seasons}) low ${units(r.totalPerSeasonLow)}  ROI ${signed(r.roi)}`;
  const out: string[] = [];
  for (const m of VALUE_MARKETS) {
    const mine = rows.filter((r) => r.market === m);
    const ok = (r: EarningsRow) => r.clv.n > 0 && r.clv.ci95[0] > 0;
    const ordered = [...mine].sort((a, b) => Number(ok(b)) - Number(ok(a)) || (b.totalPerSeasonLow || -1e9) - (a.totalPerSeasonLow || -1e9));
    out.push(`Tuning, ${MARKET_NAMES[m]} (${mine.length} rules; criterion: 95 % lower bound of the total CLV per season, mean CLV interval above 0; top 15):`);
    out.push(...ordered.slice(0, 15).map((r) => `${ok(r) ? ' ' : 'x'}${line(r)}`));
    const c = byMarket[m];
    out.push(c ? `CHOSEN ${MARKET_NAMES[m]}: ${line(c).trim()}` : `CHOSEN ${MARKET_NAMES[m]}: none (no rule with its mean CLV interval above 0): not flagged`);
  }
  return out.join('\n');
}

export function renderReport(r: BacktestReport): string {
  const o = r.overall;
  const out: string[] = [];
  out.push('Per league-season (common subset):');
  for (const g of r.groups) out.push(compactGroupLine(g));
  out.push('');
  const c = o.config;
  const mode =
    c.mode === 'deployed'
      ? `deployed: what a stage publishes (first run imports ${c.historySeasons} seasons, one fit a day, statistics ${c.statsLagHours} h after kickoff)`
      : 'research: one walk-forward engine per league over every season on file, weekly refits';
  out.push(`OVERALL (${mode}; market: ${r.market === 'none' ? 'none, no bookmaker price given to the engine' : 'all, pre-kickoff odds given to the engine'})`);
  out.push(groupTable(o));
  const ci = (v: readonly number[], d = 4) => `[${v[0]!.toFixed(d)}, ${v[1]!.toFixed(d)}]`;
  out.push(
    `  ensemble / Pinnacle closing RPS = ${o.ratio.toFixed(4)} (95 % CI ${ci(o.ratioCI95)}); O/U Brier ensemble - Pinnacle = ${o.ouDiff.toFixed(4)} (95 % CI ${ci(o.ouDiffCI95)})`,
  );
  if (o.inputDiff !== undefined && o.inputDiffCI95)
    out.push(`  ensemble - odds input, mean paired RPS = ${o.inputDiff.toFixed(5)} (95 % CI ${ci(o.inputDiffCI95, 5)})`);
  const mb = o.modelsVsBestComponent;
  out.push(`  our models - best component (${mb.component}), mean paired RPS = ${mb.diff.toFixed(5)} (95 % CI ${ci(mb.diffCI95, 5)})`);
  out.push(
    `  P(over 2.5) calibration slope ${o.ouCalibration.slope.toFixed(3)} (95 % CI ${ci(o.ouCalibration.slopeCI95, 3)}), intercept ${o.ouCalibration.intercept.toFixed(3)}`,
  );
  out.push("  (95 % intervals: block bootstrap, blocks = match days; the slope's from the fit's information)");
  const am = o.allMatches;
  out.push(
    `  all ${am.ensemble.n} evaluated matches: RPS ensemble ${f4(am.ensemble.rps)}, models ${f4(am.models.rps)}, statistical ${f4(am.statistical.rps)}, ai ${f4(am.ai.rps)}, rating ${f4(am.rating.rps)}`,
  );
  out.push('');
  const p = o.picks;
  const ps = (name: string, s: typeof p.ensemble) =>
    `  ${name.padEnd(22)} picks ${String(s.picks).padStart(5)} (${pct(s.coverage)} of matches)  hit rate ${pct(s.hitRate)}  flat-stake ROI at average price ${pct(s.roi)}`;
  out.push('Picks with top probability >= 60 %:');
  out.push(ps('ensemble 1X2', p.ensemble));
  out.push(ps('Pinnacle 1X2 (subset)', p.pinnacle));
  out.push(ps('market avg 1X2 (subset)', p.market));
  out.push(ps('ensemble O/U 2.5', p.ouEnsemble));
  for (const [title, v] of [
    ["as flagged (the published forecast with odds: a declared bookmaker above Pinnacle's fair price)", o.valueBets],
    ['under the frozen rule of 0191 (every market), for comparison', o.valueBetsFrozen],
    ['of our models alone', o.valueBetsModels],
  ] as const) {
    out.push(...valueBetLines(title, v));
  }
  out.push('');
  out.push('Calibration (ensemble 1X2, all outcomes pooled):  bin  n  mean forecast  observed');
  for (const b of o.calibration.x1)
    if (b.n) out.push(`  ${b.lo.toFixed(1)}-${b.hi.toFixed(1)}  ${String(b.n).padStart(6)}  ${f4(b.meanForecast)}  ${f4(b.observedFrequency)}`);
  out.push('Calibration (ensemble P(over 2.5)):');
  for (const b of o.calibration.ou)
    if (b.n) out.push(`  ${b.lo.toFixed(1)}-${b.hi.toFixed(1)}  ${String(b.n).padStart(6)}  ${f4(b.meanForecast)}  ${f4(b.observedFrequency)}`);
  return out.join('\n');
}

/** Reliability diagram (SVG) of the 1X2 and O/U calibration tables. */
export function calibrationSvg(x1: readonly CalibrationBin[], ou: readonly CalibrationBin[], title: string): string {
  const W = 640,
    H = 420,
    m = { l: 60, r: 170, t: 40, b: 50 };
  const pw = W - m.l - m.r,
    ph = H - m.t - m.b;
  const X = (v: number) => m.l + v * pw;
  const Y = (v: number) => m.t + (1 - v) * ph;
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const parts: string[] = [];
  parts.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif" font-size="12">`);
  parts.push(`<rect width="${W}" height="${H}" fill="white"/>`);
  parts.push(`<text x="${W / 2 - 70}" y="22" text-anchor="middle" font-size="14">${esc(title)}</text>`);
  for (let i = 0; i <= 10; i++) {
    const v = i / 10;
    parts.push(`<line x1="${X(v)}" y1="${Y(0)}" x2="${X(v)}" y2="${Y(1)}" stroke="#eee"/>`);
    parts.push(`<line x1="${X(0)}" y1="${Y(v)}" x2="${X(1)}" y2="${Y(v)}" stroke="#eee"/>`);
    if (i % 2 === 0) {
      parts.push(`<text x="${X(v)}" y="${Y(0) + 16}" text-anchor="middle">${v.toFixed(1)}</text>`);
      parts.push(`<text x="${X(0) - 8}" y="${Y(v) + 4}" text-anchor="end">${v.toFixed(1)}</text>`);
    }
  }
  parts.push(`<rect x="${X(0)}" y="${Y(1)}" width="${pw}" height="${ph}" fill="none" stroke="#333"/>`);
  parts.push(`<line x1="${X(0)}" y1="${Y(0)}" x2="${X(1)}" y2="${Y(1)}" stroke="#999" stroke-dasharray="4 4"/>`);
  parts.push(`<text x="${X(0.5)}" y="${H - 12}" text-anchor="middle">forecast probability (bin mean)</text>`);
  parts.push(`<text x="16" y="${Y(0.5)}" text-anchor="middle" transform="rotate(-90 16 ${Y(0.5)})">observed frequency</text>`);
  const series = (bins: readonly CalibrationBin[], color: string, shape: 'circle' | 'square') => {
    const pts = bins.filter((b) => b.n >= 20);
    if (pts.length > 1)
      parts.push(
        `<polyline fill="none" stroke="${color}" stroke-width="1.5" points="${pts.map((b) => `${X(b.meanForecast).toFixed(1)},${Y(b.observedFrequency).toFixed(1)}`).join(' ')}"/>`,
      );
    for (const b of pts) {
      const r = Math.max(2.5, Math.min(7, Math.sqrt(b.n) / 8));
      const cx = X(b.meanForecast).toFixed(1),
        cy = Y(b.observedFrequency).toFixed(1);
      parts.push(
        shape === 'circle'
          ? `<circle cx="${cx}" cy="${cy}" r="${r.toFixed(1)}" fill="${color}"><title>n=${b.n} forecast ${b.meanForecast.toFixed(3)} observed ${b.observedFrequency.toFixed(3)}</title></circle>`
          : `<rect x="${(Number(cx) - r).toFixed(1)}" y="${(Number(cy) - r).toFixed(1)}" width="${(2 * r).toFixed(1)}" height="${(2 * r).toFixed(1)}" fill="${color}"><title>n=${b.n} forecast ${b.meanForecast.toFixed(3)} observed ${b.observedFrequency.toFixed(3)}</title></rect>`,
      );
    }
  };
  series(x1, '#1f77b4', 'circle');
  series(ou, '#d62728', 'square');
  const lx = W - m.r + 15;
  parts.push(`<circle cx="${lx}" cy="${m.t + 10}" r="5" fill="#1f77b4"/><text x="${lx + 10}" y="${m.t + 14}">1X2 (H, D, A pooled)</text>`);
  parts.push(`<rect x="${lx - 5}" y="${m.t + 28}" width="10" height="10" fill="#d62728"/><text x="${lx + 10}" y="${m.t + 37}">Over 2.5</text>`);
  parts.push(
    `<line x1="${lx - 6}" y1="${m.t + 56}" x2="${lx + 6}" y2="${m.t + 56}" stroke="#999" stroke-dasharray="4 4"/><text x="${lx + 10}" y="${m.t + 60}">perfect calibration</text>`,
  );
  parts.push(`<text x="${lx - 6}" y="${m.t + 84}" font-size="10">deciles of forecast</text>`);
  parts.push(`<text x="${lx - 6}" y="${m.t + 98}" font-size="10">probability; marker area</text>`);
  parts.push(`<text x="${lx - 6}" y="${m.t + 112}" font-size="10">grows with n (bins n&lt;20 hidden)</text>`);
  parts.push('</svg>');
  return parts.join('\n');
}
