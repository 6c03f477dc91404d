import { describe, expect, it } from 'vitest';
import { fixedClock } from '@app/core/clock';
import { replaySteps, runReplay, type ReplayRunner, type ReplayStep } from './demo-replay.ts';

const london = (at: Date) => new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);

describe('the demo replay', () => {
  it("lives through each of the last 30 days: generation at the daily schedule's 06:00 first, odds scans, results in the evening, nothing after now", () => {
    const to = new Date('2026-12-07T21:33:00Z');
    const steps = replaySteps(to);
    // It starts with the generation that adds the leagues, the first 06:00 within the 30 days.
    expect(steps[0]).toEqual({ at: new Date('2026-11-08T06:00:00Z'), run: 'generate' });
    expect(steps.every((s) => s.at.getTime() <= to.getTime())).toBe(true);
    expect(steps.every((s, i) => i === 0 || steps[i - 1]!.at.getTime() <= s.at.getTime())).toBe(true);
    const generations = steps.filter((s) => s.run === 'generate');
    expect(generations).toHaveLength(30);
    expect(generations.every((s) => london(s.at) === '06:00')).toBe(true);
    expect(new Set(steps.filter((s) => s.run === 'scan').map((s) => london(s.at)))).toEqual(new Set(['10:00', '14:00', '18:00']));
    expect(steps.filter((s) => s.run === 'results').every((s) => london(s.at) === '22:45')).toBe(true);
    // The last day's results run (22:45) is later than now: left to the live stack's catch-up.
    expect(steps.at(-1)).toEqual({ at: new Date('2026-12-07T18:00:00Z'), run: 'scan' });
    expect(steps.filter((s) => s.run === 'results').at(-1)!.at).toEqual(new Date('2026-12-06T22:45:00Z'));
  });

  it("keeps the schedule's zone in summer: the generation at 06:00 in London is 05:00 UTC", () => {
    const steps = replaySteps(new Date('2026-07-15T12:00:00Z'), 3);
    expect(steps.filter((s) => s.run === 'generate').map((s) => s.at.toISOString())).toEqual([
      '2026-07-13T05:00:00.000Z',
      '2026-07-14T05:00:00.000Z',
      '2026-07-15T05:00:00.000Z',
    ]);
  });

  it('runs each step on the demo clock at its time: the league-adding and the last runs as jobs, the others directly; a progress line a day', async () => {
    const steps = replaySteps(new Date('2026-11-22T12:00:00Z'), 3);
    const clock = fixedClock('2030-01-01T00:00:00Z');
    const ran: string[] = [];
    const record = (what: string) => async () => void ran.push(`${clock.now().toISOString()} ${what}`);
    const runner: ReplayRunner = {
      job: (type) => record(`job ${type}`)(),
      direct: (type) => record(`direct ${type}`)(),
      scan: record('scan'),
    };
    const days: string[] = [];
    const jobs = await runReplay(steps, clock, runner, (day, done, of) => void days.push(`${day} ${done}/${of}`));
    expect(jobs).toBe(3);
    expect(ran).toEqual([
      '2026-11-20T06:00:00.000Z job generate',
      '2026-11-20T10:00:00.000Z scan',
      '2026-11-20T14:00:00.000Z scan',
      '2026-11-20T18:00:00.000Z scan',
      '2026-11-20T22:45:00.000Z direct results',
      '2026-11-21T06:00:00.000Z direct generate',
      '2026-11-21T10:00:00.000Z scan',
      '2026-11-21T14:00:00.000Z scan',
      '2026-11-21T18:00:00.000Z scan',
      '2026-11-21T22:45:00.000Z job results',
      '2026-11-22T06:00:00.000Z job generate',
      '2026-11-22T10:00:00.000Z scan',
    ]);
    expect(days).toEqual(['2026-11-20 1/3', '2026-11-21 2/3', '2026-11-22 3/3']);
  });

  it('has nothing to run before the first generation: a window without one runs nothing', () => {
    const steps: ReplayStep[] = replaySteps(new Date('2026-11-22T20:00:00Z'), 0.5);
    expect(steps).toEqual([]);
  });
});
