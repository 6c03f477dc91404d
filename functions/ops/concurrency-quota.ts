// What `npm run release -- quota` checks before a deploy: whether the account's Lambda concurrency
// quota holds what the synthesised templates reserve and what their queue consumers may run, decided
// without touching the account.

/** Lambda refuses a reservation that would leave fewer unreserved executions than this. */
export const UNRESERVED_MINIMUM = 100;

export type Template = { Resources?: Record<string, { Type: string; Properties?: Record<string, unknown> }> };

export interface ConcurrencyNeed {
  /** Executions the templates reserve (ReservedConcurrentExecutions of every function). */
  reserved: number;
  /** Executions the SQS event sources may run at once together (their MaximumConcurrency). */
  queueConsumers: number;
  /** Event sources without a MaximumConcurrency: each could take the whole unreserved pool. */
  unbounded: number;
}

/** The concurrency the stage's templates ask of the account. */
export function concurrencyNeed(templates: readonly Template[]): ConcurrencyNeed {
  const resources = templates.flatMap((t) => Object.values(t.Resources ?? {}));
  let reserved = 0;
  let queueConsumers = 0;
  let unbounded = 0;
  for (const r of resources) {
    if (r.Type === 'AWS::Lambda::Function') reserved += Number(r.Properties?.ReservedConcurrentExecutions ?? 0);
    if (r.Type === 'AWS::Lambda::EventSourceMapping') {
      const max = (r.Properties?.ScalingConfig as { MaximumConcurrency?: number } | undefined)?.MaximumConcurrency;
      if (max === undefined) unbounded++;
      else queueConsumers += max;
    }
  }
  return { reserved, queueConsumers, unbounded };
}

export interface AccountConcurrency {
  /** `aws lambda get-account-settings`: AccountLimit.ConcurrentExecutions. */
  limit: number;
  /** AccountLimit.UnreservedConcurrentExecutions. */
  unreserved: number;
  /** What the stage's functions reserve now (`get-function-concurrency` of each; 0 before the first deploy). */
  reservedByStage: number;
}

/**
 * What stops the deploy, in words (empty: it may go ahead). After the deploy the account must still
 * have `UNRESERVED_MINIMUM` unreserved executions beyond what the queue consumers may take, or
 * Lambda refuses the reservations (the stack update fails) or the consumers starve everything else.
 */
export function quotaProblems(account: AccountConcurrency, need: ConcurrencyNeed): string[] {
  const problems: string[] = [];
  const reservedElsewhere = account.limit - account.unreserved - account.reservedByStage;
  const unreservedAfter = account.limit - reservedElsewhere - need.reserved;
  const wanted = UNRESERVED_MINIMUM + need.queueConsumers;
  if (unreservedAfter < wanted) {
    problems.push(
      `The account's Lambda concurrency quota is ${account.limit}: after reserving ${need.reserved} for the stage (and ${reservedElsewhere} reserved elsewhere), ` +
        `${unreservedAfter} would be left unreserved, fewer than the ${wanted} needed (${UNRESERVED_MINIMUM} Lambda keeps + ${need.queueConsumers} for the queue consumers). ` +
        `Ask for at least ${reservedElsewhere + need.reserved + wanted} (Service Quotas, L-B99A9384; docs/deploy.md).`,
    );
  }
  if (need.unbounded > 0) problems.push(`${need.unbounded} SQS event source(s) without a maximum concurrency: each could take every unreserved execution.`);
  return problems;
}
