// Alert settings in memory, for core's unit tests, with the DynamoDB adapter's behaviour
// (alert-repository.contract.ts runs both).
import { alertShardOf } from '../alerts/fanout.ts';
import type { AlertFrequency, AlertRecipient, AlertRepository, ClaimOutcome, DeliveryClaim, StoredAlertSettings } from '../alerts/ports.ts';
import type { UserRecord } from '../account/user.ts';

export class InMemoryAlertRepository implements AlertRepository {
  private readonly settings = new Map<string, StoredAlertSettings>();
  private readonly deliveries = new Set<string>();
  private readonly days = new Map<string, number>();
  private readonly sets = new Set<string>();
  private readonly sent = new Set<string>();

  /** `users`: the accounts `recipients` reads (the DynamoDB store reads them from the same table). */
  constructor(private readonly users: (userId: string) => UserRecord | undefined = () => undefined) {}

  async get(userId: string): Promise<StoredAlertSettings | undefined> {
    return structuredClone(this.settings.get(userId));
  }

  async put(userId: string, settings: StoredAlertSettings): Promise<void> {
    this.settings.set(userId, structuredClone(settings));
  }

  async listShard(shard: number, frequency: AlertFrequency, page: { cursor?: string; limit: number }): Promise<{ userIds: string[]; cursor?: string }> {
    const all = [...this.settings.entries()]
      .filter(([id, s]) => s.frequency === frequency && alertShardOf(id) === shard)
      .map(([id]) => id)
      .sort();
    const from = page.cursor ? all.findIndex((id) => id > page.cursor!) : 0;
    const userIds = from < 0 ? [] : all.slice(from, from + page.limit);
    const last = userIds.at(-1);
    return { userIds, ...(last && userIds.length === page.limit ? { cursor: last } : {}) };
  }

  async recipients(userIds: readonly string[]): Promise<AlertRecipient[]> {
    return [...new Set(userIds)].flatMap((id) => {
      const user = this.users(id);
      const settings = this.settings.get(id);
      return user && settings ? [{ user: structuredClone(user), settings: structuredClone(settings) }] : [];
    });
  }

  async claimDelivery(claim: DeliveryClaim): Promise<ClaimOutcome> {
    const key = `${claim.setId}|${claim.userId}`;
    if (this.deliveries.has(key)) return 'duplicate';
    const day = `${claim.userId}|${claim.day}`;
    const sent = this.days.get(day) ?? 0;
    if (sent >= claim.cap) return 'capped';
    this.deliveries.add(key);
    this.days.set(day, sent + 1);
    return 'claimed';
  }

  async releaseDelivery(claim: Pick<DeliveryClaim, 'setId' | 'userId' | 'day'>): Promise<void> {
    if (!this.deliveries.delete(`${claim.setId}|${claim.userId}`)) return;
    const day = `${claim.userId}|${claim.day}`;
    this.days.set(day, Math.max(0, (this.days.get(day) ?? 0) - 1));
  }

  async markSent(userId: string, setId: string): Promise<boolean> {
    const key = `${setId}|${userId}`;
    if (this.sent.has(key)) return false;
    this.sent.add(key);
    return true;
  }

  async unmarkSent(userId: string, setId: string): Promise<void> {
    this.sent.delete(`${setId}|${userId}`);
  }

  async claimAnnouncement(setId: string): Promise<boolean> {
    if (this.sets.has(setId)) return false;
    this.sets.add(setId);
    return true;
  }

  async releaseAnnouncement(setId: string): Promise<void> {
    this.sets.delete(setId);
  }
}
