import * as z from 'zod/mini';

/** Every non-2xx answer of the API has this body. 5xx bodies carry only `error` and `requestId`. */
export const ErrorBodySchema = z.strictObject({
  error: z.string(),
  message: z.optional(z.string()),
  /** Field errors of a 400 validation failure: path joined with '.', and a message. */
  issues: z.optional(z.array(z.strictObject({ path: z.string(), message: z.string() }))),
  requestId: z.optional(z.string()),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
