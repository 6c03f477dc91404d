import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { VIEW_STORAGE_KEY } from '@/features/predictions/utils/view';

import { kickoff, locked, makeMetrics, makePrediction, makeUser } from '@/testing/data-generators';
import { mockApi } from '@/testing/mock-api';
import { currentUrl, renderApp } from '@/testing/test-utils';
import { formatStamp } from '@/utils/format';

const fixtures = () => [
  makePrediction({
    homeTeam: 'Ashford',
    awayTeam: 'Brookvale',
    league: 'Northern League',
    matchTime: kickoff(0, 23),
    homeWinProb: 45,
    drawProb: 30,
    awayWinProb: 25,
    overUnder25: 71,
  }),
  makePrediction({
    homeTeam: 'Carlton',
    awayTeam: 'Dunmore',
    league: 'Southern League',
    matchTime: kickoff(1, 13),
    homeWinProb: 20,
    drawProb: 15,
    awayWinProb: 65,
    overUnder25: 40,
  }),
  makePrediction({
    homeTeam: 'Eastwick',
    awayTeam: 'Fairport',
    league: 'Northern League',
    matchTime: kickoff(2, 15),
    homeWinProb: 62,
    drawProb: 23,
    awayWinProb: 15,
    overUnder25: 61,
  }),
];

const cardTitles = () => screen.getAllByRole('article').map((card) => within(card).getByRole('heading').textContent);

describe('/predictions for a visitor', () => {
  it('shows every fixture locked, with the leagues sorted by match count', async () => {
    mockApi({ 'GET /api/predictions': fixtures().map(locked) });
    await renderApp('/predictions');

    expect(await screen.findAllByText('Subscribe to unlock full predictions')).toHaveLength(3);
    const leagues = within(screen.getByRole('region', { name: 'Upcoming leagues' })).getAllByRole('button');
    expect(leagues.map((button) => button.textContent)).toEqual(['Northern League2 matches', 'Southern League1 match']);
  });

  it('disables the probability sorts with a lock and the high-probability filters with the premium tooltip', async () => {
    mockApi({ 'GET /api/predictions': fixtures().map(locked) });
    const { user } = await renderApp('/predictions');
    await screen.findAllByRole('article');

    expect(screen.getByRole('radio', { name: 'Kickoff time' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Win probability (Premium)' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'O/U probability (Premium)' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'More Filters' }));
    const highWin = screen.getByRole('button', { name: 'Win probability ≥60%' });
    expect(highWin).toHaveAttribute('aria-disabled', 'true');
    expect(highWin).toHaveAccessibleDescription('Premium feature - Subscribe to access high-probability filters');

    await user.click(highWin);
    expect(highWin).toHaveAttribute('aria-pressed', 'false');
    await user.hover(highWin);
    expect(screen.getByRole('tooltip')).toHaveTextContent('Premium feature - Subscribe to access high-probability filters');
  });

  it('filters by date and by league from the filter bar and from the sidebar', async () => {
    mockApi({ 'GET /api/predictions': fixtures().map(locked) });
    const { user, router } = await renderApp('/predictions');
    await screen.findAllByRole('article');

    await user.click(screen.getByRole('radio', { name: 'Tomorrow' }));
    expect(cardTitles()).toEqual(['Carlton vs Dunmore']);
    expect(currentUrl(router)).toBe('/predictions?date=tomorrow');

    await user.click(screen.getByRole('radio', { name: 'All' }));
    await user.click(within(screen.getByRole('region', { name: 'Upcoming leagues' })).getByRole('button', { name: /Northern League/ }));
    expect(cardTitles()).toEqual(['Ashford vs Brookvale', 'Eastwick vs Fairport']);
    expect(screen.getByLabelText('League')).toHaveValue('Northern League');

    await user.click(screen.getByRole('radio', { name: 'Tomorrow' }));
    expect(screen.getByText('No predictions match your current filters.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(screen.getAllByRole('article')).toHaveLength(3);
  });

  it('lists the leagues by country, in the sidebar and in the league select, with the names people know for clubs', async () => {
    mockApi({
      'GET /api/predictions': [
        makePrediction({ league: 'Premiership', leagueId: 'SC0', homeTeam: 'Hearts', awayTeam: 'Inverness C' }),
        makePrediction({ league: 'Premier League', leagueId: 'E0', homeTeam: "Nott'm Forest", awayTeam: 'Man United' }),
        makePrediction({ league: 'Premier League', leagueId: 'E0' }),
      ].map(locked),
    });
    await renderApp('/predictions');
    await screen.findAllByRole('article');

    const sidebar = within(screen.getByRole('region', { name: 'Upcoming leagues' }));
    expect(sidebar.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['England', 'Scotland']);
    expect(
      within(screen.getByLabelText('League'))
        .getAllByRole('group')
        .map((group) => group.getAttribute('label')),
    ).toEqual(['England', 'Scotland']);
    expect(cardTitles()).toContain('Nottingham Forest vs Manchester United');
    expect(cardTitles()).toContain('Hearts vs Inverness Caledonian Thistle');
  });

  it('finds a team from the search box and keeps it in the URL', async () => {
    mockApi({ 'GET /api/predictions': fixtures().map(locked) });
    const { user, router } = await renderApp('/predictions');
    await screen.findAllByRole('article');

    await user.type(screen.getByRole('searchbox', { name: 'Search teams' }), 'dunm');
    expect(cardTitles()).toEqual(['Carlton vs Dunmore']);
    expect(currentUrl(router)).toBe('/predictions?team=dunm');
  });

  it("says 'No predictions available yet. Check back soon!' when there are none, and shows the metrics empty state", async () => {
    await renderApp('/predictions');

    expect(await screen.findByText('No predictions available yet. Check back soon!')).toBeInTheDocument();
    expect(await screen.findByText('Performance metrics will appear once matches complete and results are available.')).toBeInTheDocument();
    expect(screen.getByText('Check back soon for live data!')).toBeInTheDocument();
  });
});

describe('/predictions for a premium user', () => {
  const premium = () =>
    mockApi({
      'GET /api/auth/me': { user: makeUser({ subscriptionStatus: 'premium' }) },
      'GET /api/predictions': fixtures(),
      'GET /api/metrics/latest': makeMetrics(),
    });

  it('sorts by win probability and by O/U probability', async () => {
    premium();
    const { user } = await renderApp('/predictions');
    await screen.findAllByRole('article');
    const winSort = await screen.findByRole('radio', { name: 'Win probability' });

    await user.click(winSort);
    expect(cardTitles()).toEqual(['Carlton vs Dunmore', 'Eastwick vs Fairport', 'Ashford vs Brookvale']);

    // Stronger side: Over 71, Over 61, Under 60.
    await user.click(screen.getByRole('radio', { name: 'O/U probability' }));
    expect(cardTitles()).toEqual(['Ashford vs Brookvale', 'Eastwick vs Fairport', 'Carlton vs Dunmore']);
  });

  it('applies the high-probability filters (max outcome >= 60, O/U >= 60)', async () => {
    premium();
    const { user } = await renderApp('/predictions');
    await screen.findAllByRole('article');
    await user.click(screen.getByRole('button', { name: 'More Filters' }));

    await user.click(await screen.findByRole('button', { name: 'Win probability ≥60%', pressed: false }));
    expect(cardTitles()).toEqual(['Carlton vs Dunmore', 'Eastwick vs Fairport']);

    // Carlton vs Dunmore: Under 2.5 at 60 is a strong O/U call too.
    await user.click(screen.getByRole('button', { name: 'Over or Under 2.5 ≥60%' }));
    expect(cardTitles()).toEqual(['Carlton vs Dunmore', 'Eastwick vs Fairport']);
    expect(screen.getByText('Showing 2 of 3 predictions')).toBeInTheDocument();
  });

  it('finds the value bets fast: value bets only, sorted by edge, each with its quote time and the stake of the bankroll set', async () => {
    const list = fixtures();
    const flag = (market: 'home' | 'over25', edge: number, quotedAt: string | null) => ({
      market,
      odds: 2.2,
      priceSource: 'best' as const,
      bookmaker: 'Northbet',
      fairOdds: 2.05,
      edge,
      seenAt: null,
      flaggedAt: null,
      quotedAt,
      stake: { flat: 1, kelly: 1.53 },
    });
    list[0]!.valueBets = [flag('over25', 3.1, '2026-12-08T21:34:00.000Z')];
    list[2]!.valueBets = [flag('home', 7.3, null)];
    mockApi({
      'GET /api/auth/me': { user: makeUser({ subscriptionStatus: 'premium' }) },
      'GET /api/predictions': list,
      'GET /api/alerts': {
        settings: { frequency: 'off', leagues: [], minEdge: 5, bookmakers: [], markets: ['1x2'], bankroll: 2500, stakePlan: 'kelly' },
        options: { leagues: [], bookmakers: [] },
      },
    });
    const { user, router } = await renderApp('/predictions');
    await screen.findAllByRole('article');

    await user.click(screen.getByRole('button', { name: 'Value bets only', pressed: false }));
    expect(cardTitles()).toEqual(['Ashford vs Brookvale', 'Eastwick vs Fairport']);
    await user.click(screen.getByRole('radio', { name: 'Value edge' }));
    expect(cardTitles()).toEqual(['Eastwick vs Fairport', 'Ashford vs Brookvale']);
    expect(currentUrl(router)).toBe('/predictions?sort=edge&value=only');
    // the subscriber's plan and bankroll: 1.53 % of $2,500 quarter-Kelly; the quote's day, time and zone where known
    const details = await screen.findAllByText(/stake \$38\.25 \(1\.5% of \$2,500, quarter-Kelly\)/);
    expect(details.map((d) => d.textContent)).toEqual([
      'stake $38.25 (1.5% of $2,500, quarter-Kelly)',
      `quoted ${formatStamp('2026-12-08T21:34:00.000Z')} - stake $38.25 (1.5% of $2,500, quarter-Kelly)`,
    ]);
    expect(formatStamp('2026-12-08T21:34:00.000Z')).toMatch(/^(Mon|Tue|Wed) \d{1,2} Dec \d\d:\d\d GMT([+-]\d{1,2}(:\d\d)?)?$/);
  });

  it('shows the performance stats in the display formats of docs/product.md', async () => {
    premium();
    await renderApp('/predictions');
    const stats = within(await screen.findByRole('region', { name: 'Performance (30 days)' }));

    expect(await stats.findByText('64.2%')).toBeInTheDocument();
    expect(stats.getByText('+$182.40')).toBeInTheDocument();
    expect(stats.getByText('+17.2%')).toBeInTheDocument();
    expect(stats.getByText('3.40')).toBeInTheDocument();
    expect(stats.getByText('53')).toBeInTheDocument();
  });
});

describe('/predictions as a compact list (docs/product.md#predictions)', () => {
  /** A phone: the media query of the list's default matches. */
  const onPhone = () =>
    vi.spyOn(window, 'matchMedia').mockImplementation((query) => ({
      matches: true,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }));
  afterEach(() => {
    vi.restoreAllMocks();
    window.localStorage.clear();
  });
  const rows = () => screen.getAllByTestId('prediction-row');

  it('is the default on a phone: one row a match under day and league headings, H/D/A, the value flag, each row opening its match page', async () => {
    onPhone();
    const list = fixtures();
    list[2]!.isValueBet = true;
    list[2]!.valueBets = [
      {
        market: 'under25',
        odds: 3.42,
        priceSource: 'best',
        bookmaker: 'Northbet',
        fairOdds: 3.2,
        edge: 6.9,
        seenAt: '2026-03-06T14:05:00.000Z',
        flaggedAt: null,
        quotedAt: null,
        stake: null,
      },
    ];
    mockApi({ 'GET /api/auth/me': { user: makeUser({ subscriptionStatus: 'premium' }) }, 'GET /api/predictions': list });
    await renderApp('/predictions');

    expect(await screen.findAllByTestId('prediction-row')).toHaveLength(3);
    expect(screen.queryAllByRole('article')).toHaveLength(0);
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(expect.arrayContaining(['Today', 'Tomorrow']));
    expect(screen.getAllByRole('heading', { level: 4 }).map((h) => h.textContent?.replace(/[HDA] %/g, '').trim())).toEqual([
      'Northern League',
      'Southern League',
      'Northern League',
    ]);
    const eastwick = rows()[2]!;
    expect(eastwick).toHaveAttribute('href', `/predictions/${list[2]!.id}`);
    expect(eastwick).toHaveTextContent(/Eastwick\s*vs Fairport/);
    expect(
      within(eastwick)
        .getAllByTestId('list-probability')
        .map((p) => p.textContent),
    ).toEqual(['62.0', '23.0', '15.0']);
    expect(eastwick).toHaveTextContent('Home win 62.0%');
    // the value bet where the user is: side, price, bookmaker, fair price, edge and when it was seen
    expect(within(eastwick).getByTestId('value-bet-line')).toHaveTextContent(
      `Value: Under 2.5 @ 3.42 Northbet - fair 3.20 - +6.9% - seen ${formatStamp('2026-03-06T14:05:00.000Z')}`,
    );
    expect(screen.getByRole('button', { name: 'List', pressed: true })).toBeInTheDocument();
  });

  it('sorted by win probability, is one list across days in that order, each row with its day', async () => {
    onPhone();
    mockApi({ 'GET /api/auth/me': { user: makeUser({ subscriptionStatus: 'premium' }) }, 'GET /api/predictions': fixtures() });
    const { user } = await renderApp('/predictions');
    await screen.findAllByTestId('prediction-row');

    await user.click(await screen.findByRole('radio', { name: 'Win probability' }));

    // the same order as the cards' sort, across today and tomorrow, under one heading
    const [first, second, third] = rows();
    expect(first).toHaveTextContent(/Carlton\s*vs Dunmore/);
    expect(second).toHaveTextContent(/Eastwick\s*vs Fairport/);
    expect(third).toHaveTextContent(/Ashford\s*vs Brookvale/);
    const headings = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(headings).toContain('By win probability, all days');
    expect(headings).not.toContain('Today');
    expect(headings).not.toContain('Tomorrow');
    for (const row of rows()) expect(row.querySelector('time')?.textContent).toMatch(/^(Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d\d:\d\d$/);
  });

  it('shows a lock instead of probabilities to a visitor, says which forecasts come from market memory, and keeps the league filter in the toolbar', async () => {
    onPhone();
    const list = fixtures().map(locked);
    list[1]!.forecastSource = 'memory';
    mockApi({ 'GET /api/predictions': list });
    const { user } = await renderApp('/predictions');
    await screen.findAllByTestId('prediction-row');

    expect(screen.queryAllByTestId('list-probability')).toHaveLength(0);
    expect(within(rows()[0]!).getByText('Premium')).toBeInTheDocument();
    // as the card says it, locked or not: only the row without odds of its own
    expect(screen.getAllByTestId('forecast-source')).toHaveLength(1);
    expect(rows().find((row) => row.getAttribute('href') === `/predictions/${list[1]!.id}`)).toHaveTextContent('From market memory');
    await user.selectOptions(screen.getByLabelText('League'), 'Southern League');
    expect(rows()).toHaveLength(1);
  });

  it('switches between list and cards by keyboard and remembers the choice in this browser', async () => {
    mockApi({ 'GET /api/predictions': fixtures().map(locked) });
    const { user } = await renderApp('/predictions');
    await screen.findAllByRole('article');
    expect(screen.getByRole('button', { name: 'Cards', pressed: true })).toBeInTheDocument();

    screen.getByRole('button', { name: 'List' }).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findAllByTestId('prediction-row')).toHaveLength(3);
    expect(window.localStorage.getItem(VIEW_STORAGE_KEY)).toBe('list');
  });

  it('a premium user on a break gets locked rows and is told until when', async () => {
    onPhone();
    mockApi({
      'GET /api/auth/me': { user: makeUser({ subscriptionStatus: 'premium', breakUntil: '2030-01-01T10:00:00.000Z' }) },
      'GET /api/predictions': fixtures().map(locked),
    });
    await renderApp('/predictions');
    await screen.findAllByTestId('prediction-row');

    expect(
      await screen.findByText(/You are taking a break until 1 January 2030, \d\d:\d\d: odds, probabilities and value flags are hidden until then\./),
    ).toBeInTheDocument();
    expect(within(rows()[0]!).getByText('On a break')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Win probability (Premium)' })).toBeDisabled();
  });

  it('says until when a break lasts once on the page, not again on every card', async () => {
    mockApi({
      'GET /api/auth/me': { user: makeUser({ subscriptionStatus: 'premium', breakUntil: '2030-01-01T10:00:00.000Z' }) },
      'GET /api/predictions': fixtures().map(locked),
    });
    await renderApp('/predictions');

    expect(await screen.findAllByRole('article')).toHaveLength(3);
    expect(await screen.findAllByText(/taking a break until/)).toHaveLength(1);
    for (const card of screen.getAllByRole('article')) expect(within(card).getByText('On a break: hidden until it ends')).toBeInTheDocument();
  });
});
