/**
 * The seam between the composition and the local stand-ins. On a laptop the local stack (and the
 * test harness) passes the in-process queue, the outbox, the test-mode payment provider and the
 * demo / CSV football data in its base; on AWS the base has none, so no Lambda bundle contains
 * them (functions/scripts/bundles.test.ts checks the bundles' metafiles), and a configuration
 * that would need them fails with a ConfigError instead.
 */
import { ConfigError } from '@app/platform/config';
import type { Base, LocalAdapters } from './base.ts';

/** The base's stand-ins, or a ConfigError naming `what` needed them. */
export function localAdapters(base: Base, what: string): LocalAdapters {
  if (!base.local) {
    throw new ConfigError(
      `Invalid configuration:\n  - ${what} needs the local stack's stand-ins, which this process does not have (set the real service's configuration)`,
    );
  }
  return base.local;
}
