/**
 * Value-bet alerts by queue (docs/decisions/0250-alerts-fanned-out-by-queue.md): a set of new flags is
 * announced once; one message per shard lists that shard's subscribers page by page into batch messages
 * of at most `batchSize` users; each batch message checks, claims and requests the email of its users.
 * No step loops over every subscriber, and no key is written by every user.
 */
import { DEFAULT_ALERTS_PER_DAY, type AlertSettings } from '@app/contracts/alerts';
import { subscriptionStatusOf } from '../account/user.ts';
import { DAY_MS, utcDay, type Clock } from '../clock.ts';
import { mapInFlight } from '../collections.ts';
import type { EmailRequest, RequestEmails } from '../email/ports.ts';
import { isProtected } from '../account/protection.ts';
import type { AlertRecipient, AlertSetTask, AlertRepository, DeliveryClaim, NewValueFlag, NewValueFlags, SendAlertTasks } from './ports.ts';

/** Subscribers are spread over this many index partitions; changing it means rewriting every settings item. */
export const ALERT_SHARDS = 16;
/** The value bets one email lists at most (the best edges first). */
export const ALERT_BETS = 20;
/** The most flags a set carries (the best edges are kept): every message stays far below SQS's size limit. */
export const MAX_FLAGS_PER_SET = 100;
/** Email requests per call of `requestEmails`: SQS's SendMessageBatch takes ten. */
const EMAILS_PER_CALL = 10;
/** How long a set's claims are remembered: longer than any redelivery of it. */
const CLAIM_MEMORY_DAYS = 30;

/** The shard of a user: FNV-1a of the id, so users spread evenly whatever their ids look like. */
export function alertShardOf(userId: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < userId.length; i++) {
    hash ^= userId.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % ALERT_SHARDS;
}

/** The flags `settings` asks for (league, market, minimum edge, bookmaker), best edge first, at most `ALERT_BETS`. */
export function matchingFlags(flags: readonly NewValueFlag[], settings: Pick<AlertSettings, 'leagues' | 'markets' | 'minEdge' | 'bookmakers'>): NewValueFlag[] {
  const leagues = new Set(settings.leagues);
  const books = new Set(settings.bookmakers);
  const markets = new Set(settings.markets);
  return flags
    .filter((f) => (leagues.size === 0 || leagues.has(f.leagueId)) && markets.has(f.market) && f.edge * 100 >= settings.minEdge)
    .filter((f) => books.size === 0 || (f.bookmaker !== null && books.has(f.bookmaker)))
    .sort((a, b) => b.edge - a.edge || a.fixtureId.localeCompare(b.fixtureId) || a.selection.localeCompare(b.selection))
    .slice(0, ALERT_BETS);
}

export interface FanoutSettings {
  /** Users per batch message (SQS carries up to 500 ids of ours). */
  batchSize: number;
  /** Kept back from an invocation's end: a shard that reaches it hands its cursor to a new message. */
  reserveMs: number;
  /** Users checked and claimed at once within a batch (DynamoDB writes in flight). */
  concurrency: number;
}

export const DEFAULT_FANOUT: FanoutSettings = { batchSize: 250, reserveMs: 10_000, concurrency: 25 };

export interface BatchReport {
  queued: number;
  duplicate: number;
  capped: number;
  /** Not emailed: no longer premium, unconfirmed address, on a break or self-excluded, settings changed, nothing matches. */
  skipped: number;
}

export interface FanoutDeps {
  store: AlertRepository;
  sendTasks: SendAlertTasks;
  requestEmails: RequestEmails;
  clock: Clock;
  settings?: Partial<FanoutSettings>;
  log?: (message: string, detail?: Record<string, unknown>) => void;
}

const setOf = (task: AlertSetTask): AlertSetTask => ({ setId: task.setId, frequency: task.frequency, flags: task.flags, raisedAt: task.raisedAt });

/** Why a recipient gets nothing from this set, or the flags of their email. */
function eligible(r: AlertRecipient, set: AlertSetTask, now: Date, clock: Clock): NewValueFlag[] | string {
  if (r.settings.frequency !== set.frequency) return 'alerts changed since the set was announced';
  if (!r.user.emailVerifiedAt || subscriptionStatusOf(r.user, clock) !== 'premium') return 'not premium or address not confirmed';
  // A break or a self-exclusion silences every alert.
  if (isProtected(r.user, now)) return 'silenced by a responsible-gambling limit';
  const flags = matchingFlags(set.flags, r.settings);
  return flags.length ? flags : 'no flag matches the settings';
}

/**
 * Announces a set of new flags: once per set id (a repeated call returns false and sends nothing), one shard
 * message per shard. A set with more than `MAX_FLAGS_PER_SET` flags keeps the best edges.
 */
function announcer({ store, clock, sendTasks, log }: FanoutDeps) {
  return async (set: NewValueFlags): Promise<boolean> => {
    if (set.flags.length === 0) return false;
    const now = clock.now();
    if (!(await store.claimAnnouncement(set.id, new Date(now.getTime() + CLAIM_MEMORY_DAYS * DAY_MS)))) return false;
    const flags = [...set.flags].sort((a, b) => b.edge - a.edge).slice(0, MAX_FLAGS_PER_SET);
    if (flags.length < set.flags.length) log?.('Alert set trimmed to its best edges', { setId: set.id, flags: set.flags.length, kept: flags.length });
    const base: AlertSetTask = { setId: set.id, frequency: set.frequency, flags, raisedAt: now.toISOString() };
    try {
      await sendTasks(Array.from({ length: ALERT_SHARDS }, (_, shard) => ({ type: 'alerts.shard' as const, ...base, shard })));
    } catch (error) {
      // Nothing fanned out unless every shard is on the queue: the next call announces it again.
      await store.releaseAnnouncement(set.id);
      throw error;
    }
    return true;
  };
}

/**
 * Lists one shard into batch messages, page by page; when the invocation nears its end (`invocationEnds`, epoch ms
 * on the clock) the rest of the shard goes on in a new message that carries the cursor.
 */
function shardLister({ store, clock, sendTasks }: FanoutDeps, settings: FanoutSettings) {
  return async (
    task: AlertSetTask & { shard: number; cursor?: string },
    invocationEnds: number,
  ): Promise<{ batches: number; users: number; continued: boolean }> => {
    let cursor = task.cursor;
    let batches = 0;
    let users = 0;
    do {
      if (batches > 0 && clock.now().getTime() > invocationEnds - settings.reserveMs) {
        await sendTasks([{ type: 'alerts.shard', ...setOf(task), shard: task.shard, cursor: cursor! }]);
        return { batches, users, continued: true };
      }
      const page = await store.listShard(task.shard, task.frequency, { ...(cursor ? { cursor } : {}), limit: settings.batchSize });
      if (page.userIds.length) {
        // The batch goes out before the cursor moves on: a redelivery repeats at most this page, and the claims make that harmless.
        await sendTasks([{ type: 'alerts.batch', ...setOf(task), userIds: page.userIds }]);
        batches += 1;
        users += page.userIds.length;
      }
      cursor = page.cursor;
    } while (cursor);
    return { batches, users, continued: false };
  };
}

/** Checks each user of a batch, claims their delivery (once per set, within the daily cap) and queues their emails. */
function batchSender({ store, clock, requestEmails, log }: FanoutDeps, settings: FanoutSettings) {
  return async (task: AlertSetTask & { userIds: string[] }): Promise<BatchReport> => {
    const now = clock.now();
    const day = utcDay(now);
    const expiresAt = new Date(now.getTime() + CLAIM_MEMORY_DAYS * DAY_MS);
    const report: BatchReport = { queued: 0, duplicate: 0, capped: 0, skipped: 0 };
    const recipients = await store.recipients(task.userIds);
    report.skipped += new Set(task.userIds).size - recipients.length;
    const claimed: Array<{ claim: DeliveryClaim; request: EmailRequest }> = [];
    // A claim that fails (the table throttled) fails the batch, but only after the others are queued: its redelivery
    // finds them claimed and retries only the rest.
    const failures: unknown[] = [];
    await mapInFlight(recipients, settings.concurrency, async (r) => {
      const flags = eligible(r, task, now, clock);
      if (typeof flags === 'string') {
        report.skipped += 1;
        return;
      }
      const claim: DeliveryClaim = { setId: task.setId, userId: r.user.id, day, cap: r.settings.maxPerDay ?? DEFAULT_ALERTS_PER_DAY, expiresAt };
      const outcome = await store.claimDelivery(claim).catch((error: unknown) => void failures.push(error));
      if (!outcome) return;
      if (outcome !== 'claimed') {
        report[outcome] += 1;
        return;
      }
      const bets = flags.map((f) => ({
        fixtureId: f.fixtureId,
        selection: f.selection,
        odds: f.price,
        bookmaker: f.bookmaker,
        edge: f.edge,
        asOf: f.flaggedAt,
      }));
      claimed.push({
        claim,
        request: { template: 'value-alert', userId: r.user.id, kind: task.frequency === 'realtime' ? 'realtime' : 'digest', setId: task.setId, bets },
      });
    });
    // Ten requests per call (one SQS SendMessageBatch). Those not queued are released, so the redelivered batch claims them again.
    for (let i = 0; i < claimed.length; i += EMAILS_PER_CALL) {
      try {
        await requestEmails(claimed.slice(i, i + EMAILS_PER_CALL).map((c) => c.request));
      } catch (error) {
        await mapInFlight(claimed.slice(i), settings.concurrency, (c) => store.releaseDelivery(c.claim));
        throw error;
      }
      report.queued += Math.min(EMAILS_PER_CALL, claimed.length - i);
    }
    log?.('Value-bet alert batch', { setId: task.setId, users: task.userIds.length, ...report, failed: failures.length });
    if (failures.length) throw new AggregateError(failures, `${failures.length} delivery claim(s) of set ${task.setId} failed; the batch comes back for them`);
    return report;
  };
}

/** The three steps of the fan-out: announce a set, list a shard, send a batch. */
export function makeAlertFanout(deps: FanoutDeps) {
  const settings = { ...DEFAULT_FANOUT, ...deps.settings };
  return { announce: announcer(deps), shard: shardLister(deps, settings), batch: batchSender(deps, settings) };
}

export type AlertFanout = ReturnType<typeof makeAlertFanout>;
