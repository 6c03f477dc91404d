import type { AlertMarket, AlertSettings, AlertsView } from '@app/contracts/alerts';
import { subscriptionStatusOf } from '../auth/user.ts';
import type { UserRepository } from '../auth/ports.ts';
import { DAY_MS, type Clock } from '../clock.ts';
import type { RequestEmail } from '../email/ports.ts';
import { DomainError } from '../errors.ts';
import type { JobRecord, LeagueRepository } from '../pipeline/ports.ts';
import type { PredictionRepository } from '../predictions/ports.ts';
import type { Selection, StoredPrediction } from '../predictions/prediction.ts';
import { requirePremiumContent, type Viewer } from '../viewer.ts';
import type { AlertStore, StoredAlertSettings, UnsubscribeTokens } from './ports.ts';
import { isProtected } from '../responsible-gambling/protection.ts';

/** Until a subscriber chooses, no email: alerts are opt-in. */
export const DEFAULT_ALERTS: AlertSettings = { frequency: 'off', leagues: [], minEdge: 5, bookmakers: [], markets: ['1x2', 'ou25'] };
/** The value bets a digest lists at most (the best edges first). */
export const ALERT_BETS = 20;
/** The window a digest covers: the matches the generation run predicted. */
const ALERT_REACH_DAYS = 7;
/** How long a delivery is remembered (longer than any retry of a run). */
const DELIVERY_MEMORY_DAYS = 30;

/** A damaged or forged unsubscribe link: a 400 with a message, never a 5xx. */
export class InvalidUnsubscribeTokenError extends DomainError {
  constructor(options?: ErrorOptions) {
    super('validation', 'This unsubscribe link is not valid. Sign in and turn alerts off on your account page.', options);
    this.name = 'InvalidUnsubscribeTokenError';
  }
}

const marketOf = (selection: Selection): AlertMarket => (selection === 'over25' || selection === 'under25' ? 'ou25' : '1x2');

/** One value bet of a digest. */
export interface AlertBet {
  fixtureId: string;
  selection: Selection;
  edge: number;
}

/** The value bets of `predictions` that `settings` asks for, best edge first. */
export function matchingBets(predictions: readonly StoredPrediction[], settings: AlertSettings): AlertBet[] {
  const leagues = new Set(settings.leagues);
  const books = new Set(settings.bookmakers);
  const markets = new Set(settings.markets);
  return predictions
    .filter((p) => leagues.size === 0 || leagues.has(p.leagueId))
    .flatMap((p) =>
      p.valueBets
        .filter((v) => markets.has(marketOf(v.market)) && v.edge * 100 >= settings.minEdge)
        .filter((v) => books.size === 0 || books.has(p.bestBookmakers?.[v.market] ?? ''))
        .map((v) => ({ fixtureId: p.fixtureId, selection: v.market, edge: v.edge })),
    )
    .sort((a, b) => b.edge - a.edge || a.fixtureId.localeCompare(b.fixtureId))
    .slice(0, ALERT_BETS);
}

/** Monday in the UK, where the schedules run: the weekly digest's day. */
const isUkMonday = (at: Date) => new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', weekday: 'short' }).format(at) === 'Mon';

/** Alert settings are premium content: a subscriber on a break is told when it ends. */
const assertPremium = (viewer: Viewer): void => requirePremiumContent(viewer, 'Value-bet alerts are');

/** The alert settings of a subscriber (`GET/PUT /api/alerts`) and the link that turns them off without signing in. */
export function makeAlertService(deps: {
  store: AlertStore;
  leagues: Pick<LeagueRepository, 'listActive'>;
  predictions: PredictionRepository;
  tokens: UnsubscribeTokens;
  clock: Clock;
}) {
  const { store, clock } = deps;
  const settingsOf = (stored: StoredAlertSettings | undefined): AlertSettings => {
    if (!stored) return DEFAULT_ALERTS;
    const { updatedAt: _updatedAt, ...settings } = stored;
    return settings;
  };
  async function view(settings: AlertSettings): Promise<AlertsView> {
    const now = clock.now();
    const [leagues, upcoming] = await Promise.all([deps.leagues.listActive(), deps.predictions.listByKickoff(now, new Date(now.getTime() + ALERT_REACH_DAYS * DAY_MS))]);
    const bookmakers = new Set([...upcoming.flatMap((p) => Object.values(p.bestBookmakers ?? {})), ...settings.bookmakers]);
    return { settings, options: { leagues: leagues.map((l) => ({ id: l.id, name: l.name })), bookmakers: [...bookmakers].sort() } };
  }
  return {
    /** 401 is the route's; 403 unless premium. */
    async get(viewer: Viewer): Promise<AlertsView> {
      assertPremium(viewer);
      return view(settingsOf(await store.get(viewer.userId)));
    },
    async put(viewer: Viewer, settings: AlertSettings): Promise<AlertsView> {
      assertPremium(viewer);
      const clean: AlertSettings = { ...settings, leagues: [...new Set(settings.leagues)].sort(), bookmakers: [...new Set(settings.bookmakers)].sort(), markets: [...new Set(settings.markets)].sort() };
      await store.put(viewer.userId, { ...clean, updatedAt: clock.now().toISOString() });
      return view(clean);
    },
    /** One click from an email (RFC 8058): the signed token names the user; alerts are turned off, nothing else. */
    async unsubscribe(token: string): Promise<void> {
      const userId = deps.tokens.verify(token);
      if (!userId) throw new InvalidUnsubscribeTokenError();
      const current = await store.get(userId);
      if (current && current.frequency !== 'off') await store.put(userId, { ...current, frequency: 'off', updatedAt: clock.now().toISOString() });
    },
  };
}

export type AlertService = ReturnType<typeof makeAlertService>;

/**
 * After a generation run: one digest email per subscriber whose settings match at least one of the coming week's value
 * bets (daily; weekly on the Monday run), never two for one run, none to a user who is no longer premium, has not
 * confirmed the address, or whose alerts a responsible-gambling limit silences.
 */
export function makeAlertDispatcher(deps: {
  store: AlertStore;
  users: Pick<UserRepository, 'get'>;
  predictions: PredictionRepository;
  requestEmail: RequestEmail;
  latestGeneration: () => Promise<JobRecord | undefined>;
  clock: Clock;
  log?: (message: string, detail?: Record<string, unknown>) => void;
}) {
  const { clock } = deps;
  return {
    async dispatch(): Promise<string> {
      const run = await deps.latestGeneration();
      if (!run || run.status !== 'done' || run.done === 0 || !run.finishedAt) return 'alerts: no finished generation run';
      const now = clock.now();
      const upcoming = (await deps.predictions.listByKickoff(now, new Date(now.getTime() + ALERT_REACH_DAYS * DAY_MS))).filter(
        (p) => Date.parse(p.kickoff) > now.getTime() && p.origin === 'published' && p.valueBets.length > 0,
      );
      const expiresAt = new Date(now.getTime() + DELIVERY_MEMORY_DAYS * DAY_MS);
      let sent = 0;
      for (const { userId, settings } of await deps.store.listActive()) {
        if (settings.frequency === 'weekly' && !isUkMonday(new Date(run.finishedAt))) continue;
        const bets = matchingBets(upcoming, settings);
        if (!bets.length) continue;
        const user = await deps.users.get(userId);
        if (!user?.emailVerifiedAt || subscriptionStatusOf(user, clock) !== 'premium') continue;
        // A break or a self-exclusion silences every alert.
        if (isProtected(user, now)) continue;
        if (!(await deps.store.claimDelivery(`${settings.frequency}#${run.id}`, userId, expiresAt))) continue;
        await deps.requestEmail({ template: 'value-alert', userId, bets: bets.map(({ fixtureId, selection }) => ({ fixtureId, selection })) });
        sent += 1;
      }
      deps.log?.('Value-bet alerts', { run: run.id, sent });
      return `alerts: ${sent} digest(s) for run ${run.id}`;
    },
  };
}
