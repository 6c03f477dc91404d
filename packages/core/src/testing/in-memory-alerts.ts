// Alert settings in memory, for core's unit tests, with the DynamoDB adapter's behaviour
// (alert-store.contract.ts runs both).
import type { AlertStore, StoredAlertSettings } from '../alerts/ports.ts';

export class InMemoryAlertStore implements AlertStore {
  private readonly settings = new Map<string, StoredAlertSettings>();
  private readonly deliveries = new Set<string>();

  async get(userId: string): Promise<StoredAlertSettings | undefined> {
    return structuredClone(this.settings.get(userId));
  }

  async put(userId: string, settings: StoredAlertSettings): Promise<void> {
    this.settings.set(userId, structuredClone(settings));
  }

  async listActive(): Promise<Array<{ userId: string; settings: StoredAlertSettings }>> {
    return [...this.settings.entries()].filter(([, s]) => s.frequency !== 'off').sort(([a], [b]) => a.localeCompare(b)).map(([userId, settings]) => ({ userId, settings: structuredClone(settings) }));
  }

  async claimDelivery(runKey: string, userId: string): Promise<boolean> {
    const key = `${runKey}|${userId}`;
    if (this.deliveries.has(key)) return false;
    this.deliveries.add(key);
    return true;
  }
}
