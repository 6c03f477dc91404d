import { parseFootballDataCsv } from '@app/model/football-data';
import { describe, expect, it } from 'vitest';
import { footballDataCsv, simulatedSeason, TEST_FILES, type SeasonFile } from './football-data-csv.ts';

const file = (league: string, season: string) => TEST_FILES.find((f) => f.league === league && f.season === season)!;
const parse = (f: SeasonFile, seed?: string) => parseFootballDataCsv(footballDataCsv(f, seed), { league: f.league, season: f.season });

describe('generated football-data.co.uk files', () => {
  it('read whole with the research parser: results, shots, pre-kickoff and closing prices, each generation in its own columns', () => {
    // Act
    const modern = parse(file('E0', '2022-23'));
    const old = parse(file('E0', '2005-06'));
    const noPinnacle = parse(file('SP1', '2022-23'));
    const gaps = parse(file('D1', '2022-23'));

    // Assess
    expect(modern.length).toBe(footballDataCsv(file('E0', '2022-23')).trim().split('\n').length - 1);
    for (const m of modern) {
      expect(m.time).toMatch(/^\d\d:\d\d$/);
      expect(m.homeShotsOnTarget! <= m.homeShots! && m.awayShotsOnTarget! <= m.awayShots!).toBe(true);
      expect(Object.keys(m.pre).sort()).toEqual(['avg', 'b365', 'max', 'ps']);
      expect(Object.keys(m.closing).sort()).toEqual(['avg', 'avgOU', 'ps', 'psOU']);
    }
    expect(footballDataCsv(file('E0', '2005-06'))).toMatch(/^Div,Date,HomeTeam,.*BbAv<2\.5\nE0,\d\d\/\d\d\/05,/);
    expect(old.every((m) => m.time === undefined && m.pre.avg && m.preOU.avg && !m.pre.ps && !m.closing.ps)).toBe(true);
    expect(noPinnacle.every((m) => !m.pre.ps && !m.preOU.ps && !m.closing.ps && m.closing.avg)).toBe(true);
    expect(gaps.filter((m) => !m.odds)).toHaveLength(Math.floor(gaps.length / 60));
  });

  it('prices closing lines nearer the truth than the pre-kickoff ones, over a whole season', () => {
    // Prepare
    const f: SeasonFile = { ...file('E0', '2022-23'), until: undefined };
    const truth = new Map(simulatedSeason(f).matches.map((m) => [`${new Date(m.kickoffMs).toISOString().slice(0, 10)}|${m.home}`, m.truth.home]));
    const fair = (p: { home: number; draw: number; away: number }) => 1 / p.home / (1 / p.home + 1 / p.draw + 1 / p.away);

    // Act
    const errors = parse(f).map((m) => {
      const t = truth.get(`${m.date}|${m.home}`)!;
      return { pre: Math.abs(fair(m.pre.ps!) - t), closing: Math.abs(fair(m.closing.ps!) - t) };
    });

    // Assess
    const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
    expect(errors.length).toBe(240); // a whole season: 16 clubs, a double round robin
    expect(mean(errors.map((e) => e.closing))).toBeLessThan(0.6 * mean(errors.map((e) => e.pre)));
  });

  it('is the same for a seed and another for another seed', () => {
    expect(footballDataCsv(file('SP1', '2022-23'), 'a')).toBe(footballDataCsv(file('SP1', '2022-23'), 'a'));
    expect(footballDataCsv(file('SP1', '2022-23'), 'a')).not.toBe(footballDataCsv(file('SP1', '2022-23'), 'b'));
  });
});
