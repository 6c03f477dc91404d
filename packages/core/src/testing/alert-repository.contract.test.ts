import { alertRepositoryContract } from './alert-repository.contract.ts';
import { InMemoryUsers } from './in-memory.ts';
import { InMemoryAlertRepository } from './in-memory-alerts.ts';

alertRepositoryContract('in memory', () => {
  const users = new InMemoryUsers();
  return { store: new InMemoryAlertRepository((id) => users.byId.get(id)), users };
});
