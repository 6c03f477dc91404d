import { DEFAULT_ALERTS_PER_DAY, type AlertSettings, type AlertsView } from '@app/contracts/alerts';
import { DAY_MS, type Clock } from '../clock.ts';
import { DomainError } from '../errors.ts';
import type { RecordedEntry } from '../ledger/entry.ts';
import type { LedgerRepository } from '../ledger/ports.ts';
import type { JobRecord, LeagueRepository } from '../pipeline/ports.ts';
import { marketOf } from '../predictions/picks.ts';
import type { PredictionRepository } from '../predictions/ports.ts';
import type { StoredPrediction } from '../predictions/prediction.ts';
import { requirePremiumContent, type Viewer } from '../account/viewer.ts';
import type { AlertFrequency, AlertRepository, NewValueFlag, NewValueFlags, StoredAlertSettings, UnsubscribeTokens } from './ports.ts';

/** Until a subscriber chooses, no email: alerts are opt-in. */
export const DEFAULT_ALERTS: AlertSettings = {
  frequency: 'off',
  leagues: [],
  minEdge: 5,
  bookmakers: [],
  markets: ['1x2', 'ou25'],
  maxPerDay: DEFAULT_ALERTS_PER_DAY,
};
/** The window a digest covers: the matches the generation run predicted. */
const ALERT_REACH_DAYS = 7;

/** A damaged or forged unsubscribe link: a 400 with a message, never a 5xx. */
export class InvalidUnsubscribeTokenError extends DomainError {
  constructor(options?: ErrorOptions) {
    super('validation', 'This unsubscribe link is not valid. Sign in and turn alerts off on your account page.', options);
    this.name = 'InvalidUnsubscribeTokenError';
  }
}

/** The value bets of stored predictions as flags, at the price and bookmaker the prediction published. */
export function flagsOfPredictions(predictions: readonly StoredPrediction[]): NewValueFlag[] {
  return predictions.flatMap((p) =>
    p.valueBets.map((v) => ({
      fixtureId: p.fixtureId,
      leagueId: p.leagueId,
      market: marketOf(v.market),
      selection: v.market,
      price: v.odds,
      bookmaker: v.bookmaker ?? p.bestBookmakers?.[v.market] ?? null,
      edge: v.edge,
      flaggedAt: new Date(v.flaggedAt ?? p.generatedAt).toISOString(),
    })),
  );
}

/**
 * The flags an odds scan raised for the first time, as one set for the subscribers whose alerts come as they appear
 * (docs/decisions/0250-alerts-fanned-out-by-queue.md); none when the scan raised none.
 */
export function scanFlagSet(at: Date, firstFlagged: readonly StoredPrediction[]): NewValueFlags | undefined {
  const flags = flagsOfPredictions(firstFlagged);
  return flags.length ? { id: `scan:${at.toISOString()}`, frequency: 'realtime', flags } : undefined;
}

/**
 * The flags that are new since `since`: the published value entries of the ledger first recorded then (an entry is
 * written once, by the run or scan that first flags the bet), with the price, bookmaker and time they were recorded at.
 */
export function newFlagsOfLedger(entries: readonly RecordedEntry[], since: Date): NewValueFlag[] {
  return entries
    .filter((e) => e.kind === 'value' && e.basis === 'published' && e.price !== null && Date.parse(e.recordedAt) >= since.getTime())
    .map((e) => ({
      fixtureId: e.fixtureId,
      leagueId: e.leagueId,
      market: e.market,
      selection: e.selection,
      price: e.price!,
      bookmaker: e.bookmaker,
      edge: e.probability * e.price! - 1,
      flaggedAt: e.recordedAt,
    }));
}

/** Monday in the UK, where the schedules run: the weekly digest's day. */
const isUkMonday = (at: Date) => new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', weekday: 'short' }).format(at) === 'Mon';

/** Alert settings are premium content: a subscriber on a break is told when it ends. */
const assertPremium = (viewer: Viewer): void => requirePremiumContent(viewer, 'Value-bet alerts are');

/** The alert settings of a subscriber (`GET/PUT /api/alerts`) and the link that turns them off without signing in. */
export function makeAlertService(deps: {
  store: AlertRepository;
  leagues: Pick<LeagueRepository, 'listActive'>;
  predictions: PredictionRepository;
  tokens: UnsubscribeTokens;
  clock: Clock;
}) {
  const { store, clock } = deps;
  const settingsOf = (stored: StoredAlertSettings | undefined): AlertSettings => {
    if (!stored) return DEFAULT_ALERTS;
    const { updatedAt: _updatedAt, ...settings } = stored;
    return { ...settings, maxPerDay: settings.maxPerDay ?? DEFAULT_ALERTS_PER_DAY };
  };
  async function view(settings: AlertSettings): Promise<AlertsView> {
    const now = clock.now();
    const [leagues, upcoming] = await Promise.all([
      deps.leagues.listActive(),
      deps.predictions.listByKickoff(now, new Date(now.getTime() + ALERT_REACH_DAYS * DAY_MS)),
    ]);
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
      const clean: AlertSettings = {
        ...settings,
        leagues: [...new Set(settings.leagues)].sort(),
        bookmakers: [...new Set(settings.bookmakers)].sort(),
        markets: [...new Set(settings.markets)].sort(),
        maxPerDay: settings.maxPerDay ?? DEFAULT_ALERTS_PER_DAY,
      };
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
 * After a generation run (the metrics task that follows it calls this): announces the run's new flags to the
 * subscribers whose alerts come as they appear, and the coming week's value bets to the daily digest (and the
 * weekly one on the Monday run). Each set is announced once, whatever the retries and the half-hourly metrics runs;
 * the fan-out (fanout.ts) does the rest by queue.
 */
export function makeAlertDispatcher(deps: {
  predictions: Pick<PredictionRepository, 'listByKickoff'>;
  ledger: Pick<LedgerRepository, 'listByKickoff'>;
  announce: (set: NewValueFlags) => Promise<boolean>;
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
      const until = new Date(now.getTime() + ALERT_REACH_DAYS * DAY_MS);
      const ahead = (kickoff: string) => Date.parse(kickoff) > now.getTime();
      const [predictions, entries] = await Promise.all([deps.predictions.listByKickoff(now, until), deps.ledger.listByKickoff(now, until)]);
      const upcoming = flagsOfPredictions(predictions.filter((p) => ahead(p.kickoff) && p.origin === 'published'));
      const fresh = newFlagsOfLedger(
        entries.filter((e) => ahead(e.kickoff)),
        new Date(run.createdAt),
      );
      const sets: Array<{ frequency: AlertFrequency; flags: NewValueFlag[] }> = [
        { frequency: 'realtime', flags: fresh },
        { frequency: 'daily', flags: upcoming },
        ...(isUkMonday(new Date(run.finishedAt)) ? [{ frequency: 'weekly' as const, flags: upcoming }] : []),
      ];
      const announced: string[] = [];
      for (const set of sets)
        if (await deps.announce({ id: `${set.frequency === 'realtime' ? 'run' : set.frequency}:${run.id}`, ...set }))
          announced.push(`${set.frequency} (${set.flags.length} flag(s))`);
      deps.log?.('Value-bet alerts', { run: run.id, announced });
      return `alerts: ${announced.length ? `announced ${announced.join(', ')}` : 'nothing new'} for run ${run.id}`;
    },
  };
}
