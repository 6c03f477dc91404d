// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { startEarlyReads } from '@/app/early-reads';
import { paths } from '@/config/paths';
import { getMatch } from '@/features/matches/api/get-match';
import { api } from '@/lib/api-client';
import { dropEarlyRequests } from '@/lib/early-requests';
import { makeMatchPage } from '@/testing/data-generators';

const fetchMock = vi.fn<typeof fetch>();
const requested = () => fetchMock.mock.calls.map(([input]) => String(input));

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async () => Response.json(makeMatchPage({ fixtureId: 'x' })));
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  dropEarlyRequests();
  vi.unstubAllGlobals();
});

describe('startEarlyReads', () => {
  it("starts a match page's read at the URL the page reads, for any fixture id the route accepts", async () => {
    const fixtureId = 'demo VLP/2026 ü';
    startEarlyReads(paths.match.getHref(fixtureId));
    expect(requested()).toEqual([`/api/predictions/${encodeURIComponent(fixtureId)}`]);

    // The page's own read takes the early one instead of asking again.
    await expect(getMatch(fixtureId)).resolves.toEqual(makeMatchPage({ fixtureId: 'x' }));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({ credentials: 'include' });
  });

  it("starts a team page's read and a league page's two reads at the URLs the pages read", async () => {
    fetchMock.mockImplementation(async () => Response.json({}));
    startEarlyReads(paths.team.getHref('kestrel-bay'));
    startEarlyReads(paths.league.getHref('NSP'));
    expect(requested()).toEqual(['/api/teams/kestrel-bay', '/api/simulations/NSP', '/api/simulations/NSP/history']);
    // The pages' own reads take the early ones.
    await api.get('/api/teams/kestrel-bay');
    await api.get('/api/simulations/NSP/history');
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('starts nothing on the other pages, nor on a match URL with a broken escape', () => {
    for (const path of [
      paths.home.getHref(),
      paths.predictions.getHref(),
      paths.analytics.getHref(),
      paths.leagues.getHref(),
      '/predictions/a/b',
      '/teams/a/b',
      '/predictions/%E0%A4%A',
    ])
      startEarlyReads(path);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('hands an early read out once: a second read of the same URL, or one after the app has started, asks again', async () => {
    startEarlyReads(paths.match.getHref('f1'));
    await api.get('/api/predictions/f1');
    await api.get('/api/predictions/f1');
    expect(fetchMock).toHaveBeenCalledTimes(2);

    startEarlyReads(paths.match.getHref('f2'));
    dropEarlyRequests();
    await api.get('/api/predictions/f2');
    expect(requested()).toEqual(['/api/predictions/f1', '/api/predictions/f1', '/api/predictions/f2', '/api/predictions/f2']);
  });

  it('leaves a read with its own headers to fetch itself', async () => {
    startEarlyReads(paths.match.getHref('f1'));
    await api.get('/api/predictions/f1', { headers: { 'X-Test': '1' } });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
