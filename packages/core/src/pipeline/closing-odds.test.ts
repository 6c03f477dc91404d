import { describe, expect, it } from 'vitest';
import { fixedClock } from '../clock.ts';
import type { StoredPrediction } from '../predictions/prediction.ts';
import { makeClosingOddsCapture } from './closing-odds.ts';
import type { ClosingOdds } from '../predictions/odds.ts';
import { ProviderUnavailableError, type OddsProvider } from './providers.ts';

const NOW = '2026-11-22T14:50:00Z';
const match = (id: string, leagueId: string, kickoff: string) => ({ fixtureId: id, leagueId, kickoff }) as StoredPrediction;
const soon = [match('a', 'E0', '2026-11-22T15:00:00Z'), match('b', 'SP1', '2026-11-22T15:00:00Z'), match('later', 'E0', '2026-11-22T17:30:00Z')];

function setup(odds: OddsProvider['odds'], closingOdds?: OddsProvider['closingOdds'], flagOnly: StoredPrediction[] = []) {
  const calls: string[][] = [];
  const snapshots = new Map<string, ClosingOdds>();
  const reads: string[] = [];
  const task = makeClosingOddsCapture({
    oddsProvider: {
      name: 'live',
      odds: async (league, fixtures) => (calls.push([league, ...fixtures.map((f) => f.id)]), odds(league, fixtures)),
      ...(closingOdds ? { closingOdds } : {}),
    },
    predictions: {
      listByKickoff: async (from, to) => soon.filter((p) => Date.parse(p.kickoff) >= from.getTime() && Date.parse(p.kickoff) <= to.getTime()),
      listValueOnlyByKickoff: async (from, to) => flagOnly.filter((p) => Date.parse(p.kickoff) >= from.getTime() && Date.parse(p.kickoff) <= to.getTime()),
    },
    fixtures: {
      // the stored fixtures by kickoff (a day's read): every one in the window, not only those asked about
      listByKickoff: async (from, to) => {
        reads.push(`${from.toISOString()}..${to.toISOString()}`);
        return [...soon, ...flagOnly, match('other', 'D1', '2026-11-22T15:00:00Z')]
          .filter((p) => Date.parse(p.kickoff) >= from.getTime() && Date.parse(p.kickoff) <= to.getTime())
          .map((p) => ({
            id: p.fixtureId,
            leagueId: p.leagueId,
            season: '2026-27',
            kickoff: p.kickoff,
            homeTeam: 'A',
            awayTeam: 'B',
            status: 'scheduled',
            leagueName: 'Premier League',
            updatedAt: NOW,
          }));
      },
      saveClosingSnapshot: async (id, snapshot) => void snapshots.set(id, snapshot),
    },
    clock: fixedClock(NOW),
  });
  return { task, calls, snapshots, reads };
}

describe('the closing-odds task (docs/decisions/0131-closing-line-value.md)', () => {
  it('snapshots, once per league, the fixtures that kick off before its next run', async () => {
    const { task, calls, snapshots, reads } = setup(
      async (_league, fixtures) =>
        new Map(
          fixtures.map((f) => [
            f.id,
            { best: { home: 2 }, average: { home: 1.9, draw: 3.5, away: 4 }, sharp: { home: 1.95, draw: 3.6, away: 4.1 }, capturedAt: NOW },
          ]),
        ),
    );
    expect(await task.capture()).toMatch(/^2 closing snapshot\(s\) of 2 fixture/);
    expect(calls).toEqual([
      ['E0', 'a'],
      ['SP1', 'b'],
    ]);
    // the fixtures of both leagues in one read, over the window of their kickoffs
    expect(reads).toEqual(['2026-11-22T15:00:00.000Z..2026-11-22T15:00:00.000Z']);
    expect(snapshots.get('a')).toEqual({ sharp: { home: 1.95, draw: 3.6, away: 4.1 }, average: { home: 1.9, draw: 3.5, away: 4 }, capturedAt: NOW });
  });

  it('snapshots the flag-only records of a league without history too (docs/decisions/0312-value-flags-in-every-league-with-a-sharp-price.md)', async () => {
    const flagOnly = [match('v', 'AUT', '2026-11-22T15:00:00Z')];
    const { task, calls, snapshots } = setup(
      async (_league, fixtures) => new Map(fixtures.map((f) => [f.id, { best: {}, average: { home: 2, draw: 3, away: 4 }, capturedAt: NOW }])),
      undefined,
      flagOnly,
    );
    expect(await task.capture()).toMatch(/^3 closing snapshot\(s\) of 3 fixture/);
    expect(calls).toContainEqual(['AUT', 'v']);
    expect(snapshots.has('v')).toBe(true);
  });

  it('goes on with the next league when one call fails, and says which failed', async () => {
    const { task, snapshots } = setup(async (league, fixtures) => {
      if (league === 'E0') throw new ProviderUnavailableError('live', 'HTTP 503');
      return new Map(fixtures.map((f) => [f.id, { best: {}, average: { home: 2, draw: 3, away: 4 }, capturedAt: NOW }]));
    });
    expect(await task.capture()).toMatch(/1 closing snapshot.*failed: E0/);
    expect([...snapshots.keys()]).toEqual(['b']);
  });

  it('spends nothing when the provider keeps closing prices itself', async () => {
    const { task, calls, reads } = setup(
      async () => new Map(),
      async () => new Map(),
    );
    expect(await task.capture()).toMatch(/no snapshot needed/);
    expect(calls).toEqual([]);
    expect(reads).toEqual([]);
  });
});
