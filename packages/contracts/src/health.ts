import * as z from 'zod/mini';

export const HealthSchema = z.strictObject({
  status: z.literal('ok'),
  table: z.literal('reachable'),
  time: z.iso.datetime(),
});
export type Health = z.infer<typeof HealthSchema>;
