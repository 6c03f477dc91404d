import * as z from 'zod/mini';
import { AlertSettingsSchema } from './alerts.ts';
import { ContactMessageSchema } from './contact.ts';
import { TrackedBetSchema } from './my-bets.ts';

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
  /** What the sign-up accepted and the protections the user took (docs/responsible-gambling.md); ISO-8601 UTC, null when never. */
  responsibleGambling: z.object({
    termsVersion: z.nullable(z.string()),
    termsAcceptedAt: z.nullable(z.string()),
    ageConfirmedAt: z.nullable(z.string()),
    breakStartedAt: z.nullable(z.string()),
    breakUntil: z.nullable(z.string()),
    selfExcludedAt: z.nullable(z.string()),
    selfExcludedUntil: z.nullable(z.string()),
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
  /** The value-bet alert settings as the user saved them (with the bankroll and stake plan), and when; null when never saved. */
  alertSettings: z.nullable(z.extend(AlertSettingsSchema, { updatedAt: z.string() })),
  /** The user's tracked bets (My bets), oldest created first. */
  bets: z.array(TrackedBetSchema),
});
export type AccountExport = z.infer<typeof AccountExportSchema>;
