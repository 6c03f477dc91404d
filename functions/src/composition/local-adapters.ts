/**
 * The seam between the composition and the local stand-ins. On a laptop the local stack (and the
 * test harness) installs the in-process queue, the test-mode payment provider and the demo / CSV
 * football data here before any handler runs; on AWS nothing installs them, so no Lambda bundle
 * contains them (functions/scripts/bundles.test.ts checks the bundles' metafiles), and a
 * configuration that would need them fails with a ConfigError instead.
 */
import type { PaymentGateway } from '@app/core/billing/ports';
import type { EmailSender } from '@app/core/email/ports';
import type { JobQueue } from '@app/core/jobs/ports';
import type { FixtureProvider, OddsProvider } from '@app/core/pipeline/providers';
import type { SeasonRulesOf } from '@app/core/seasons/ports';
import { ConfigError } from '@app/platform/config';
import type { Base } from './base.ts';

/** Where the pipeline reads fixtures, results and odds. */
export interface FootballProviders {
  fixturesProvider: FixtureProvider;
  oddsProvider: OddsProvider;
  /**
   * The season rules of leagues the provider defines itself (the demo leagues); every other league's
   * come from the model's table (docs/decisions/0170-season-simulations.md).
   */
  seasonRules?: SeasonRulesOf;
}

export interface LocalAdapters {
  /** The in-process queue with SQS semantics. */
  jobQueue(): JobQueue;
  /** The outbox kept in the local table and shown at /__local/mail. */
  emailSender(base: Base): EmailSender;
  /** The test-mode checkout and billing clock, signing its webhooks with `webhookSecret`. */
  paymentGateway(base: Base, webhookSecret: string): PaymentGateway;
  /** Demo leagues, or a football-data.co.uk folder replayed around today; `liveOdds` replaces their odds when set. */
  footballProviders(base: Base, liveOdds: OddsProvider | undefined): Promise<FootballProviders>;
}

let installed: LocalAdapters | undefined;

/** Called by the local stack and the test harness before any handler is imported. */
export function installLocalAdapters(adapters: LocalAdapters): void {
  installed = adapters;
}

export function localAdapters(what: string): LocalAdapters {
  if (!installed) {
    throw new ConfigError(`Invalid configuration:\n  - ${what} needs the local stack's stand-ins, which this process does not have (set the real service's configuration)`);
  }
  return installed;
}
