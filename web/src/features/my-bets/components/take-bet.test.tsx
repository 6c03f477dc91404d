import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { useSession } from '@/lib/auth';
import { makeUser, makeValueBet } from '@/testing/data-generators';
import { apiError, mockApi, type ApiCall } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/test-utils';
import { HandEntryForm } from './hand-entry';
import { ImportBets } from './import-bets';
import { suggestedStake, TakeBet } from './take-bet';

const flag = makeValueBet();
/** The bet as the server stores it: the request's fields (without `fromFlag`) and the rest. */
const stored = ({ fromFlag: _fromFlag, ...body }: Record<string, unknown>) => ({
  id: 'mf3k2a1b0-abcdefgh',
  leagueId: 'L1',
  league: 'League One',
  homeTeam: 'Alpha',
  awayTeam: 'Bravo',
  kickoff: '2026-12-06T15:00:00.000Z',
  line: null,
  bookmaker: null,
  placedAt: '2026-12-05T10:00:00.000Z',
  createdAt: '2026-12-05T10:00:00.000Z',
  flag: { price: 2.1, bookmaker: 'Northbet' },
  closing: null,
  clv: null,
  result: null,
  score: null,
  profit: null,
  settledAt: null,
  ...body,
});

/** The alert settings' answer, which holds the stake plan and the bankroll. */
const alerts = (settings: { bankroll?: number; stakePlan?: 'flat' | 'kelly' }) => ({
  settings: { frequency: 'off', leagues: [], minEdge: 5, bookmakers: [], markets: ['1x2'], ...settings },
  options: { leagues: [], bookmakers: [] },
});

/** Says when the session has answered, so a test can tell "hidden" from "not loaded yet". */
function SessionProbe() {
  const session = useSession();
  return session.isConfirmed ? <p>{session.user?.breakUntil ? `On a break until ${session.user.breakUntil}` : 'Signed in'}</p> : null;
}

describe('I took this', () => {
  it("opens a form pre-filled from the flag (price, book, the stake of the subscriber's plan and bankroll); an edited price is what is saved", async () => {
    const api = mockApi({
      'GET /api/auth/me': { user: makeUser({ subscriptionStatus: 'premium' }) },
      'GET /api/alerts': alerts({ bankroll: 2500, stakePlan: 'kelly' }),
      'POST /api/my-bets': ({ body }: ApiCall) => Response.json(stored(body as Record<string, unknown>), { status: 201 }),
    });
    const { user } = renderWithProviders(<TakeBet fixtureId="fx-1" bet={flag} />);
    await user.click(await screen.findByRole('button', { name: 'I took this: Home @ 2.10' }));
    expect(screen.getByLabelText('Price taken')).toHaveValue(2.1);
    expect(screen.getByLabelText('Bookmaker')).toHaveValue('Northbet');
    // quarter-Kelly 2.14 % of $2,500, the words of the flag's own detail line
    expect(await screen.findByText('Suggested stake $53.50 (2.1% of $2,500, quarter-Kelly)')).toBeInTheDocument();
    expect(screen.getByLabelText('Stake')).toHaveValue(53.5);
    await user.clear(screen.getByLabelText('Price taken'));
    await user.type(screen.getByLabelText('Price taken'), '2.05');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Saved: Home at 2.05. My bets');
    expect(api.callsTo('POST', '/api/my-bets')[0]!.body).toEqual({
      fixtureId: 'fx-1',
      market: '1x2',
      selection: 'home',
      price: 2.05,
      bookmaker: 'Northbet',
      stake: 53.5,
      fromFlag: true,
    });
  });

  it('suggests the flat plan in units of 1 % of a bankroll until the subscriber chooses a plan and a bankroll, as the flag says', async () => {
    mockApi({
      'GET /api/auth/me': { user: makeUser({ subscriptionStatus: 'premium' }) },
      'GET /api/alerts': alerts({}),
    });
    const { user } = renderWithProviders(<TakeBet fixtureId="fx-1" bet={flag} />);
    await user.click(await screen.findByRole('button', { name: 'I took this: Home @ 2.10' }));
    expect(await screen.findByText('Suggested 1 unit: flat, 1 unit = 1% of your bankroll')).toBeInTheDocument();
    expect(screen.getByLabelText('Stake')).toHaveValue(1);
    expect(suggestedStake(flag, { plan: 'kelly', bankroll: null })).toBe(2.14);
    expect(suggestedStake(makeValueBet({ stake: { flat: 1, kelly: 0 } }), { plan: 'kelly', bankroll: 1000 })).toBe(0);
  });

  it("shows the server's reason when a save is refused", async () => {
    mockApi({
      'GET /api/auth/me': { user: makeUser({ subscriptionStatus: 'premium' }) },
      'POST /api/my-bets': () => apiError(409, 'This match has started: its flags can no longer be taken'),
    });
    const { user } = renderWithProviders(<TakeBet fixtureId="fx-1" bet={flag} />);
    await user.click(await screen.findByRole('button', { name: /I took this/ }));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This match has started: its flags can no longer be taken');
  });

  it('is hidden, with its stake suggestion and the hand entry, during a break', async () => {
    mockApi({ 'GET /api/auth/me': { user: makeUser({ subscriptionStatus: 'premium', breakUntil: '2026-12-06T10:00:00.000Z' }) } });
    renderWithProviders(
      <div>
        <SessionProbe />
        <TakeBet fixtureId="fx-1" bet={flag} />
        <HandEntryForm matches={[{ fixtureId: 'fx-1', label: 'Alpha v Bravo' }]} />
      </div>,
    );
    // Once the session has answered with the break: nothing to take, nothing suggested.
    expect(await screen.findByText('On a break until 2026-12-06T10:00:00.000Z')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /I took this/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/Suggested/)).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Add a bet by hand' })).not.toBeInTheDocument();
  });
});

describe('a bet added by hand', () => {
  it('on an Asian handicap line: market, side, the line, price, book and stake', async () => {
    const api = mockApi({
      'GET /api/auth/me': { user: makeUser({ subscriptionStatus: 'premium' }) },
      'POST /api/my-bets': ({ body }: ApiCall) => Response.json(stored(body as Record<string, unknown>), { status: 201 }),
    });
    const { user } = renderWithProviders(<HandEntryForm matches={[{ fixtureId: 'fx-1', label: 'Alpha v Bravo' }]} />);
    await user.selectOptions(await screen.findByLabelText('Market'), 'ah');
    await user.selectOptions(screen.getByLabelText('Selection'), 'away');
    await user.clear(screen.getByLabelText('Home handicap line'));
    await user.type(screen.getByLabelText('Home handicap line'), '-0.75');
    await user.type(screen.getByLabelText('Price'), '1.93');
    await user.type(screen.getByLabelText('Book'), 'Velox');
    await user.type(screen.getByLabelText('Stake'), '25');
    await user.click(screen.getByRole('button', { name: 'Add bet' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Added to My bets.');
    expect(api.callsTo('POST', '/api/my-bets')[0]!.body).toEqual({
      fixtureId: 'fx-1',
      market: 'ah',
      selection: 'away',
      line: -0.75,
      price: 1.93,
      bookmaker: 'Velox',
      stake: 25,
    });
  });
});

describe('importing a CSV', () => {
  it('reads the file in a dry run, lists refused rows with their reasons, and imports only a clean file', async () => {
    const api = mockApi({
      'POST /api/my-bets/import': ({ body }: ApiCall) => {
        const { csv, dryRun } = body as { csv: string; dryRun: boolean };
        if (csv.includes('bad')) return { dryRun, rows: 2, kept: 1, refused: [{ row: 2, reason: 'No such match' }], imported: 0 };
        return { dryRun, rows: 2, kept: 2, refused: [], imported: dryRun ? 0 : 2 };
      },
    });
    const { user } = renderWithProviders(<ImportBets />);
    const input = await screen.findByLabelText('CSV file (as downloaded from this page)');
    await user.upload(input, new File(['id,...\nbad'], 'bets.csv', { type: 'text/csv' }));
    expect(await screen.findByRole('status')).toHaveTextContent('2 rows read: 1 can be imported, 1 refused, so nothing will be imported.');
    expect(screen.getByRole('list', { name: 'Refused rows' })).toHaveTextContent('Row 2: No such match');
    expect(screen.queryByRole('button', { name: /^Import/ })).not.toBeInTheDocument();

    await user.upload(input, new File(['id,...\ngood'], 'bets.csv', { type: 'text/csv' }));
    await user.click(await screen.findByRole('button', { name: 'Import 2 bets' }));
    expect(await screen.findByText('Imported 2 bets.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/my-bets/import').map((c) => (c.body as { dryRun: boolean }).dryRun)).toEqual([true, true, false]);
  });
});
