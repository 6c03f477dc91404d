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
const SESSION = '/api/auth/me';
/** What was requested besides the session read, which every page starts. */
const pageReads = () => requested().filter((url) => url !== SESSION);

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
    expect(requested()).toEqual([SESSION, `/api/predictions/${encodeURIComponent(fixtureId)}`]);

    // The page's own read takes the early one instead of asking again.
    await expect(getMatch(fixtureId)).resolves.toEqual(makeMatchPage({ fixtureId: 'x' }));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(fetchMock.mock.calls[1]![1]).toMatchObject({ credentials: 'include' });
  });

  it("starts a team page's read and a league page's two reads at the URLs the pages read", async () => {
    fetchMock.mockImplementation(async () => Response.json({}));
    startEarlyReads(paths.team.getHref('kestrel-bay'));
    startEarlyReads(paths.league.getHref('NSP'));
    expect(requested()).toEqual([SESSION, '/api/teams/kestrel-bay', '/api/simulations/NSP', '/api/simulations/NSP/history']);
    // The pages' own reads take the early ones.
    await api.get('/api/teams/kestrel-bay');
    await api.get('/api/simulations/NSP/history');
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it("starts the landing page's and /predictions' reads, and the session read every page makes, once", async () => {
    fetchMock.mockImplementation(async () => Response.json({}));
    startEarlyReads(paths.home.getHref());
    expect(requested()).toEqual([SESSION, '/api/predictions', '/api/metrics/latest']);
    dropEarlyRequests();
    fetchMock.mockClear();
    startEarlyReads(paths.predictions.getHref());
    expect(requested()).toEqual([SESSION, '/api/predictions', '/api/metrics/latest']);
    await api.get('/api/auth/me');
    await api.get('/api/metrics/latest');
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('starts only the session read on the other pages, and on a match URL with a broken escape', () => {
    for (const path of [paths.analytics.getHref(), paths.leagues.getHref(), '/predictions/a/b', '/teams/a/b', '/predictions/%E0%A4%A']) startEarlyReads(path);
    expect(requested()).toEqual([SESSION]);
  });

  it('hands an early read out once: a second read of the same URL, or one after the app has started, asks again', async () => {
    startEarlyReads(paths.match.getHref('f1'));
    await api.get('/api/predictions/f1');
    await api.get('/api/predictions/f1');
    expect(pageReads()).toEqual(['/api/predictions/f1', '/api/predictions/f1']);

    startEarlyReads(paths.match.getHref('f2'));
    dropEarlyRequests();
    await api.get('/api/predictions/f2');
    expect(pageReads()).toEqual(['/api/predictions/f1', '/api/predictions/f1', '/api/predictions/f2', '/api/predictions/f2']);
  });

  it('leaves a read with its own headers to fetch itself', async () => {
    startEarlyReads(paths.match.getHref('f1'));
    await api.get('/api/predictions/f1', { headers: { 'X-Test': '1' } });
    expect(pageReads()).toEqual(['/api/predictions/f1', '/api/predictions/f1']);
  });
});
