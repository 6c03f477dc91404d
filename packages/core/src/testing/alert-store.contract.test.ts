import { alertStoreContract } from './alert-store.contract.ts';
import { InMemoryAlertStore } from './in-memory-alerts.ts';

alertStoreContract('in memory', () => new InMemoryAlertStore());
