// What `npm run release -- rollback` does to the functions' `live` aliases, decided without touching them.

/** A function's `live` alias: the version it points at, and the new version's share while CodeDeploy shifts it. */
export interface LiveAlias {
  version: string;
  /** `RoutingConfig.AdditionalVersionWeights` of `aws lambda get-alias`, when a shift is under way. */
  weights?: Record<string, number>;
}

/** `npm run release -- record` writes this before a deploy: the rollback point. */
export interface ReleaseRecord {
  stage: string;
  /** ISO instant of the record. */
  recordedAt: string;
  /** Function name -> the version its `live` alias pointed at (all traffic). */
  live: Record<string, string>;
}

export type RollbackStep = { fn: string; from: string; to: string };

/** The class of errors of a rollback that cannot be planned. */
export class RollbackError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'RollbackError';
  }
}

/**
 * The record of a stage before a deploy. A function caught mid-shift (CodeDeploy sending a share
 * to a new version) has no single version to come back to: the record refuses it, and the deploy
 * should wait for the shift to end.
 */
export function recordOf(stage: string, aliases: Readonly<Record<string, LiveAlias>>, now: Date): ReleaseRecord {
  const shifting = Object.entries(aliases)
    .filter(([, a]) => a.weights && Object.keys(a.weights).length > 0)
    .map(([fn]) => fn);
  if (shifting.length) throw new RollbackError(`A deployment is shifting traffic on ${shifting.join(', ')}: wait for it to finish, then record`);
  return {
    stage,
    recordedAt: now.toISOString(),
    live: Object.fromEntries(
      Object.entries(aliases)
        .map(([fn, a]) => [fn, a.version])
        .sort(([a], [b]) => a!.localeCompare(b!)),
    ),
  };
}

/**
 * The alias updates that put every function back on the version it ran before the deploy: each
 * function whose alias (or part of its traffic) is now elsewhere goes back, with all its traffic.
 * A function the deploy created has no previous version and is listed in `created`; a recorded
 * function that no longer exists is in `gone`.
 */
export function rollbackPlan(record: ReleaseRecord, now: Readonly<Record<string, LiveAlias>>): { steps: RollbackStep[]; created: string[]; gone: string[] } {
  const steps: RollbackStep[] = [];
  for (const [fn, alias] of Object.entries(now).sort(([a], [b]) => a.localeCompare(b))) {
    const before = record.live[fn];
    if (before === undefined) continue;
    if (alias.version !== before || (alias.weights && Object.keys(alias.weights).length > 0)) steps.push({ fn, from: alias.version, to: before });
  }
  return {
    steps,
    created: Object.keys(now)
      .filter((fn) => !(fn in record.live))
      .sort(),
    gone: Object.keys(record.live)
      .filter((fn) => !(fn in now))
      .sort(),
  };
}

/** How many of a function's newest published versions `npm run release -- prune` keeps by default. */
export const KEEP_VERSIONS = 5;

/**
 * The published versions of one function that `npm run release -- prune` deletes: every numbered
 * version but the `keep` newest, the ones its `live` alias points at (or shifts to), and any a
 * release record still names (a rollback point). `$LATEST` is never a candidate.
 */
export function versionsToPrune(versions: readonly string[], alias: LiveAlias | undefined, keep: number, recorded: readonly string[] = []): string[] {
  if (!Number.isInteger(keep) || keep < 1) throw new RollbackError(`--keep must be a whole number of at least 1, got ${keep}`);
  const numbered = versions.filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a));
  const kept = new Set([...numbered.slice(0, keep), ...(alias ? [alias.version, ...Object.keys(alias.weights ?? {})] : []), ...recorded]);
  return numbered.filter((v) => !kept.has(v)).sort((a, b) => Number(a) - Number(b));
}
