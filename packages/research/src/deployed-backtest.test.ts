import { backtestLeague } from './backtest.ts';
import { generationRunOn, historyAt, kickoffOf, lastRunBefore, stageMatches } from '@app/model/deployment';
import { dayNumber } from '@app/model/engine';
import type { ParsedMatch } from '@app/model/football-data';
import { simulateLeague } from '@app/model/testing/simulate';
import { describe, expect, it } from 'vitest';
import { DAY_MS, fixedClock, HOUR_MS } from '@app/core/clock';
import { inMemoryPipeline } from '@app/core/testing/in-memory-pipeline';
import { RecordedProvider } from '@app/core/testing/recorded-provider';
import { makeGenerationService } from '@app/core/pipeline/generation';

/**
 * Recorded data for one synthetic league: six seasons of results, shots and prices, each round played over a
 * Saturday (one match in the evening) and a Sunday. Pinnacle's prices are missing for some matches (the average is
 * read then).
 */
function recordedLeague(): ParsedMatch[] {
  const sim = simulateLeague({ league: 'L1', teams: 8, seasons: 6, firstSeason: 2014, seed: 5, odds: true, shots: true, promoted: 1 });
  const times = ['12:30', '15:00', '19:45', '14:00'];
  return sim.matches.map((m, i) => {
    const slot = i % 4;
    const date = slot === 3 ? new Date(dayNumber(m.date) * DAY_MS + DAY_MS).toISOString().slice(0, 10) : m.date;
    const o = m.odds!;
    const scaled = (k: number) => ({ home: +(o.home! * k).toFixed(2), draw: +(o.draw! * k).toFixed(2), away: +(o.away! * k).toFixed(2) });
    const scaledOu = (k: number) => ({ over: +(o.over25! * k).toFixed(2), under: +(o.under25! * k).toFixed(2) });
    const sharp = i % 5 !== 0;
    return {
      ...m,
      date,
      season: m.season!,
      time: times[slot]!,
      pre: { avg: scaled(0.98), max: scaled(1.04), ...(sharp ? { ps: scaled(1.01) } : {}) },
      preOU: { avg: scaledOu(0.98), max: scaledOu(1.04), ...(sharp ? { ps: scaledOu(1.01) } : {}) },
      closing: {},
    };
  });
}

const HALF_HOUR_MS = HOUR_MS / 2;

describe('the --deployed backtest reproduces the production pipeline', () => {
  it('the generation service run day by day and the deployed backtest publish the same forecasts on the same recorded data', async () => {
    // The source has a match's statistics 2 h 15 min after kickoff: after the results job's first look at a match
    // kicking off on the hour or half hour (it joins the history without them), in time for one at 19:45.
    const statsLagHours = 2.25;
    const all = recordedLeague();
    // Evaluate the first six weeks of the last season.
    const last = all.filter((m) => m.season === '2019-20');
    const evaluated = last.filter((m) => dayNumber(m.date) < dayNumber(last[0]!.date) + 42);
    const recorded = [...all.filter((m) => m.season < '2019-20'), ...evaluated];

    const backtest = backtestLeague(recorded, { seasons: ['2019-20'], market: 'all', deployed: { statsLagHours } });

    // Production: the stage's first run, then the results job every 30 minutes and the generation run every morning.
    const start = lastRunBefore(Math.min(...evaluated.map((m) => Date.parse(kickoffOf(m)))));
    const clock = fixedClock(new Date(start));
    const league = { id: 'L1', name: 'League One', country: 'Nowhere' };
    const provider = new RecordedProvider(recorded, { leagues: [league], now: () => clock.now(), statsLagHours });
    const stores = inMemoryPipeline({ leagues: [league] });
    const service = makeGenerationService({ fixturesProvider: provider, oddsProvider: provider, ...stores.ports, clock });
    await service.generate('L1');
    const lastRun = generationRunOn(Math.max(...evaluated.map((m) => dayNumber(m.date))));
    for (let t = start + HALF_HOUR_MS; t <= lastRun; t += HALF_HOUR_MS) {
      clock.set(new Date(t));
      await service.ingestResults('L1');
      if (t === generationRunOn(dayNumber(new Date(t).toISOString()))) await service.generate('L1');
    }

    // The history the pipeline stored is the deployed view's: the kept seasons, each match's captured prices, and
    // the statistics the source had when the results job first found it finished.
    const view = { stageStart: start, statsLagHours, odds: true };
    const plain = (records: object[]) =>
      records
        .map((r) => JSON.parse(JSON.stringify({ ...r, id: undefined })) as { date: string; home: string; season: string })
        .sort((a, b) => a.date.localeCompare(b.date) || a.home.localeCompare(b.home));
    const stored = plain([...stores.history.values()]);
    expect(stored).toEqual(plain(historyAt(stageMatches(recorded, view), view, clock.now().getTime())));
    expect(stored.filter((r) => 'odds' in r).length).toBeGreaterThan(evaluated.length / 2);
    const recent = stored.filter((r) => 'odds' in r);
    expect(recent.some((r) => 'homeShots' in r) && recent.some((r) => !('homeShots' in r))).toBe(true);
    expect(new Set(stored.map((r) => r.season))).toEqual(new Set(['2015-16', '2016-17', '2017-18', '2018-19', '2019-20']));

    const published = [...stores.predictions.values()].map((p) => p.prediction).filter((p) => p.origin === 'published');
    expect(published).toHaveLength(evaluated.length);
    expect(backtest).toHaveLength(evaluated.length);
    for (const e of backtest) {
      const p = published.find((x) => x.homeTeam === e.home && x.awayTeam === e.away && x.kickoff.slice(0, 10) === e.date)!;
      expect([p.probabilities.home, p.probabilities.draw, p.probabilities.away, p.overUnder25.over]).toEqual(e.ensemble);
      expect(Object.values(p.models!)).toEqual(e.models);
      for (const k of ['statistical', 'ai', 'rating'] as const) expect(Object.values(p.components![k]!)).toEqual(e[k]);
    }
  }, 60_000);
});
