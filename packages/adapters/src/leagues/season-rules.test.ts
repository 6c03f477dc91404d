import { leagueSeasonRules } from '@app/model/season';
import { describe, expect, it } from 'vitest';
import { DEMO_LEAGUES, demoSeasonRules } from '../demo/demo-leagues.ts';
import { seasonRulesOf } from './season-rules.ts';

describe('seasonRulesOf', () => {
  it("takes an invented league's rules from its stand-in and a real league's from the model", () => {
    for (const demo of DEMO_LEAGUES) {
      expect(seasonRulesOf(demo.id, demoSeasonRules)).toEqual({ tieBreaks: demo.season.tieBreaks, relegated: demo.season.relegated, top: 4 });
    }
    // Two relegated, not the model's default of three: without the stand-in's rules the demo league would be simulated wrong.
    expect(seasonRulesOf('NSP')).toEqual(leagueSeasonRules('NSP'));
    expect(seasonRulesOf('NSP').relegated).not.toBe(seasonRulesOf('NSP', demoSeasonRules).relegated);
    expect(seasonRulesOf('SP2', demoSeasonRules)).toEqual(leagueSeasonRules('SP2'));
  });
});
