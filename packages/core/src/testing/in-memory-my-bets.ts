import type { StoredTrackedBet, TrackedOutcome } from '../my-bets/bet.ts';
import type { TrackedBetChange, TrackedBetRepository } from '../my-bets/ports.ts';

/** Tracked bets in memory, keyed by owner and id as the table keys them. */
export class InMemoryTrackedBets implements TrackedBetRepository {
  readonly items = new Map<string, StoredTrackedBet>();
  private key = (userId: string, id: string) => `${userId}/${id}`;

  async listByUser(userId: string) {
    return [...this.items.values()].filter((b) => b.userId === userId).sort((a, b) => a.id.localeCompare(b.id));
  }
  async count(userId: string) {
    return (await this.listByUser(userId)).length;
  }
  async get(userId: string, id: string) {
    const bet = this.items.get(this.key(userId, id));
    return bet && { ...bet };
  }
  async add(bets: readonly StoredTrackedBet[]) {
    for (const b of bets) this.items.set(this.key(b.userId, b.id), { ...b });
  }
  async update(userId: string, id: string, { outcome, ...change }: TrackedBetChange) {
    const bet = this.items.get(this.key(userId, id));
    if (!bet) return false;
    this.items.set(this.key(userId, id), { ...bet, ...change, ...outcome });
    return true;
  }
  async remove(userId: string, id: string) {
    return this.items.delete(this.key(userId, id));
  }
  async listOpenForFixture(fixtureId: string) {
    return [...this.items.values()].filter((b) => b.fixtureId === fixtureId && b.result === undefined);
  }
  async settle(bet: Pick<StoredTrackedBet, 'userId' | 'id'>, outcome: TrackedOutcome) {
    const stored = this.items.get(this.key(bet.userId, bet.id));
    if (!stored || stored.result !== undefined) return false;
    this.items.set(this.key(bet.userId, bet.id), { ...stored, ...outcome });
    return true;
  }
}
