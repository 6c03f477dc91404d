import { InMemorySeasonStore } from './in-memory-seasons.ts';
import { seasonStoreContract } from './season-store.contract.ts';

seasonStoreContract('in memory', () => new InMemorySeasonStore());
