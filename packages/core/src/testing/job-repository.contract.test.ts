import { jobRepositoryContract } from './job-repository.contract.ts';
import { InMemoryJobRepository } from './in-memory-jobs.ts';

jobRepositoryContract('in memory', () => new InMemoryJobRepository());
