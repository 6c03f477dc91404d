import type { Clock } from '../../clock.ts';
import type { LedgerRepository } from '../../ledger/ports.ts';
import type { TrackedBetRepository } from '../../my-bets/ports.ts';
import type { FixtureRepository, HistoryRepository, LeagueRepository, ModelStateRepository, PipelinePredictionRepository } from '../ports.ts';
import type { FixtureProvider, OddsProvider } from '../providers.ts';

/** What the generation and results runs read and write: the providers, the stores and the clock. */
export interface PipelineDeps {
  fixturesProvider: FixtureProvider;
  oddsProvider: OddsProvider;
  leagues: LeagueRepository;
  fixtures: FixtureRepository;
  history: HistoryRepository;
  models: ModelStateRepository;
  predictions: PipelinePredictionRepository;
  ledger: Pick<LedgerRepository, 'listForFixture'>;
  /** Subscribers' tracked bets: a results run settles a played or called-off fixture's open ones (docs/decisions/0300-my-bets.md). */
  trackedBets: Pick<TrackedBetRepository, 'listOpenForFixture' | 'settle'>;
  clock: Clock;
  log?: (message: string, detail?: Record<string, unknown>) => void;
}

/** The dependencies each step of a run gets: the service's, with its log always there. */
export type StepDeps = PipelineDeps & { log: NonNullable<PipelineDeps['log']> };
