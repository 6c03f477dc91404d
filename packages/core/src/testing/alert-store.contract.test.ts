import { alertStoreContract } from './alert-store.contract.ts';
import { InMemoryUsers } from './in-memory.ts';
import { InMemoryAlertStore } from './in-memory-alerts.ts';

alertStoreContract('in memory', () => {
  const users = new InMemoryUsers();
  return { store: new InMemoryAlertStore((id) => users.byId.get(id)), users };
});
