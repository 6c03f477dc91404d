import type { AlertMarket, AlertSettings } from '@app/contracts/alerts';
import type { UserRecord } from '../account/user.ts';
import type { Selection } from '../predictions/prediction.ts';

export interface StoredAlertSettings extends AlertSettings {
  updatedAt: string;
}

/** How a subscriber's alerts come, when they are on. */
export type AlertFrequency = Exclude<AlertSettings['frequency'], 'off'>;

/**
 * A value bet that has just been flagged. The seam of every source of flags
 * (docs/decisions/0250-alerts-fanned-out-by-queue.md): today the value bets a generation run published,
 * later the intraday odds scan's flags, each with the price and bookmaker it was flagged at.
 */
export interface NewValueFlag {
  fixtureId: string;
  leagueId: string;
  market: AlertMarket;
  selection: Selection;
  /** Decimal odds. */
  price: number;
  bookmaker: string | null;
  /** probability x price - 1, a fraction (0.05 = 5 %). */
  edge: number;
  /** ISO-8601 UTC: when the flag appeared. */
  flaggedAt: string;
}

/** Flags announced together, for the subscribers of one frequency; its id makes every delivery of it once per user. */
export interface NewValueFlags {
  /** `run:<jobId>`, `daily:<jobId>`, `weekly:<jobId>`, `scan:<scanId>`: [A-Za-z0-9:#_.-], at most 120 characters. */
  id: string;
  frequency: AlertFrequency;
  flags: NewValueFlag[];
}

/** What a delivery claim answers: the first claim of a set for a user under their daily cap, a repeat, or over the cap. */
export type ClaimOutcome = 'claimed' | 'duplicate' | 'capped';

export interface DeliveryClaim {
  setId: string;
  userId: string;
  /** The UTC day (`yyyy-mm-dd`) the email counts against. */
  day: string;
  /** The user's most alert emails in a day. */
  cap: number;
  /** How long the claim is remembered (longer than any redelivery of the set). */
  expiresAt: Date;
}

/** A subscriber the fan-out reads before it emails: the account (premium? confirmed? protected?) and the alert settings. */
export interface AlertRecipient {
  user: UserRecord;
  settings: StoredAlertSettings;
}

/**
 * A subscriber's alert settings, beside their account (deleted with it), listed by shard so that no
 * single partition holds every subscriber, and the claims that make every set reach each user at most
 * once and within their daily cap.
 */
export interface AlertRepository {
  get(userId: string): Promise<StoredAlertSettings | undefined>;
  put(userId: string, settings: StoredAlertSettings): Promise<void>;
  /**
   * One page of the users of `shard` whose alerts come at `frequency`, in user id order; `cursor` is the
   * previous page's, and the answer's is absent after the last page.
   */
  listShard(shard: number, frequency: AlertFrequency, page: { cursor?: string; limit: number }): Promise<{ userIds: string[]; cursor?: string }>;
  /** The account and alert settings of each user that has both (in one round of batch reads). */
  recipients(userIds: readonly string[]): Promise<AlertRecipient[]>;
  /** Records that `claim.setId` is emailed to the user, counted against the day: once per set and user, never above the cap. */
  claimDelivery(claim: DeliveryClaim): Promise<ClaimOutcome>;
  /** Undoes a claim whose email could not be queued (the set's redelivery then claims it again). */
  releaseDelivery(claim: Pick<DeliveryClaim, 'setId' | 'userId' | 'day'>): Promise<void>;
  /**
   * Records, just before the email consumer sends it, that the set's email to the user goes out: true the first time
   * only, so a request the queue delivers twice is sent once. `unmarkSent` undoes it when the send fails.
   */
  markSent(userId: string, setId: string, at: Date): Promise<boolean>;
  unmarkSent(userId: string, setId: string): Promise<void>;
  /** True the first time a set is announced: a repeated announcement fans nothing out again. */
  claimAnnouncement(setId: string, expiresAt: Date): Promise<boolean>;
  releaseAnnouncement(setId: string): Promise<void>;
}

/** The two kinds of fan-out work (the `alert-fanout` queue's messages, without their type tag and version). */
export interface AlertSetTask {
  setId: string;
  frequency: AlertFrequency;
  flags: NewValueFlag[];
  /** ISO-8601 UTC: when the set was announced. */
  raisedAt: string;
}
export type AlertTask = ({ type: 'alerts.shard'; shard: number; cursor?: string } | { type: 'alerts.batch'; userIds: string[] }) & AlertSetTask;

/** Puts fan-out work on the queue (SQS: in batches of ten messages). */
export type SendAlertTasks = (tasks: AlertTask[]) => Promise<void>;

/** Signs and checks the token of a one-click unsubscribe link (no session needed: the token is the authority). */
export interface UnsubscribeTokens {
  sign(userId: string): string;
  /** The user the token was signed for; null for a forged or damaged token. */
  verify(token: string): string | null;
}
