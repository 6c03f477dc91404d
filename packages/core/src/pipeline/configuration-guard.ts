/**
 * Remembers that an alarm was raised for a missing piece of configuration, so that the next runs
 * do not raise it again (the first writer of a name wins until it is cleared).
 */
export interface AlertLatch {
  /** True when this call raised it; false when it was raised already. */
  raise(name: string, at: string): Promise<boolean>;
  clear(name: string): Promise<void>;
}

export interface ConfigurationGuardDeps {
  latch: AlertLatch;
  now: () => Date;
  /** The one alarm (logged with `configurationError: true`, which an alarm watches). */
  alarm: (name: string, reason: string) => void;
  /** Every later refusal: logged quietly, no alarm. */
  remind: (name: string, reason: string) => void;
}

/**
 * Safe first start (docs/decisions/0144-safe-first-start.md): a scheduled run whose
 * configuration is missing (the provider keys of a new stage) is skipped. The first skip alarms;
 * later ones only log, until the configuration is there again, which re-arms the alarm.
 */
export function makeConfigurationGuard(deps: ConfigurationGuardDeps) {
  return {
    /** Whether the run may go on; when it may not, alarms the first time and says so quietly after. */
    async allows(name: string, configured: boolean, reason: string): Promise<boolean> {
      if (configured) {
        await deps.latch.clear(name);
        return true;
      }
      if (await deps.latch.raise(name, deps.now().toISOString())) deps.alarm(name, reason);
      else deps.remind(name, reason);
      return false;
    },
  };
}

export type ConfigurationGuard = ReturnType<typeof makeConfigurationGuard>;
