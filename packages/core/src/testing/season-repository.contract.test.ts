import { InMemorySeasonRepository } from './in-memory-seasons.ts';
import { seasonRepositoryContract } from './season-repository.contract.ts';

seasonRepositoryContract('in memory', () => new InMemorySeasonRepository());
