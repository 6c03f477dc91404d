import * as z from 'zod/mini';

/**
 * On the `billing-reconciliation` queue: one page of the daily reconciliation. The scheduled function puts
 * the first (no cursor); each page's consumer puts the next with the provider's cursor (the last
 * subscription id it read), so no invocation reads every subscription.
 */
export const ReconcilePageSchema = z.object({
  type: z.literal('billing.reconcile-page'),
  version: z.literal(1),
  /** The reconciliation this page belongs to (its start, ISO-8601 UTC): logged with each page. */
  runId: z.string().check(z.minLength(1), z.maxLength(64)),
  cursor: z.optional(z.string().check(z.minLength(1), z.maxLength(256))),
  /** 1 for the first page. */
  page: z.number().check(z.int(), z.gte(1), z.lte(100_000)),
});
export type ReconcilePage = z.infer<typeof ReconcilePageSchema>;
