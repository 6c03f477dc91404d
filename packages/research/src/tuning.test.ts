import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { developmentSeasons, EvaluationSeasonError, loadDevelopmentMatches } from './tuning.ts';

describe('the tuning data: development seasons only', () => {
  it('refuses to evaluate any season after 2018-19 (or before 2015-16)', () => {
    expect(developmentSeasons(undefined)).toEqual(['2015-16', '2016-17', '2017-18', '2018-19']);
    expect(developmentSeasons('2017-18,2018-19')).toEqual(['2017-18', '2018-19']);
    for (const spec of ['2019-20', '2018-19,2019-20', '2022-23', '2014-15', '2018-19,']) expect(() => developmentSeasons(spec)).toThrow(EvaluationSeasonError);
  });

  it('never reads a later season file: a broken 2019-20 file does not matter, its matches never appear', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tuning-'));
    mkdirSync(join(dir, 'XX'));
    const header = 'Div,Date,HomeTeam,AwayTeam,FTHG,FTAG';
    writeFileSync(join(dir, 'XX', '2018-19.csv'), `${header}\nXX,11/08/2018,A,B,1,0\n`);
    writeFileSync(join(dir, 'XX', '2019-20.csv'), `${header}\nXX,10/08/2019,A,B,2,2\n`);
    expect(loadDevelopmentMatches(dir).map((m) => m.season)).toEqual(['2018-19']);
  });
});
