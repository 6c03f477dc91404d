// Webhook deliveries signed by Stripe's own SDK (its test helper computes the real signature), so
// our verifier is checked against Stripe's implementation rather than against itself. The SDK is a
// devDependency: tests only.
import Stripe from 'stripe';

const sdk = new Stripe('sk_test_signing_only');

/**
 * The `Stripe-Signature` header Stripe sends for `payload` signed with `secret` at
 * `timestampSeconds`. The timestamp is required: without one the SDK would read the wall clock.
 */
export function stripeSignedHeader(payload: string, secret: string, timestampSeconds: number): string {
  if (!(timestampSeconds > 0)) throw new Error('stripeSignedHeader needs a timestamp from the test clock');
  return sdk.webhooks.generateTestHeaderString({ payload, secret, timestamp: timestampSeconds });
}
