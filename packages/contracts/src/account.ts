import * as z from 'zod/mini';
import { ContactMessageSchema } from './contact.ts';

/** `GET /api/account/export`: everything we hold about the signed-in user, as a JSON download. */
export const AccountExportSchema = z.strictObject({
  exportedAt: z.string(),
  account: z.strictObject({
    id: z.string(),
    email: z.string(),
    emailVerified: z.boolean(),
    role: z.enum(['user', 'admin']),
    createdAt: z.string(),
    paymentCustomerId: z.nullable(z.string()),
  }),
  subscriptions: z.array(
    z.strictObject({
      id: z.string(),
      status: z.string(),
      cancelAt: z.nullable(z.number()),
      currentPeriodEnd: z.number(),
      syncedAt: z.string(),
    }),
  ),
  messages: z.array(ContactMessageSchema),
});
export type AccountExport = z.infer<typeof AccountExportSchema>;
