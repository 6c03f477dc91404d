/**
 * Stripe's webhook signatures, without the SDK (docs/security.md#stripe-webhooks). The
 * `Stripe-Signature` header is `t=<unix seconds>,v1=<hex>[,v1=<hex>...]` (several v1 while a
 * signing secret is being rolled); v1 is HMAC-SHA256 of `<t>.<raw body>` under the endpoint's
 * secret. A delivery is accepted when one v1 matches (compared in constant time) and `t` is
 * within the tolerance of the receiver's clock, which stops a captured delivery being replayed
 * later. The local test-mode provider signs and verifies with the same functions.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { BillingEvent } from '@app/core/billing/ports';
import { InvalidSignatureError } from '@app/core/billing/errors';
import { ValidationError } from '@app/core/errors';
import { describeIssues, EventSchema, toBillingEvent } from './map.ts';

/** Stripe's default: a delivery signed more than 5 minutes from now is refused. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

const signature = (payload: Buffer | string, secret: string, timestamp: number): Buffer =>
  createHmac('sha256', secret).update(`${timestamp}.`).update(payload).digest();

/** The `Stripe-Signature` header Stripe would send for `payload` at `timestamp` (Unix seconds). */
export function signatureHeader(payload: string, secret: string, timestamp: number): string {
  return `t=${timestamp},v1=${signature(payload, secret, timestamp).toString('hex')}`;
}

function parseHeader(header: string): { timestamp: number; v1: string[] } {
  let timestamp: number | undefined;
  const v1: string[] = [];
  for (const item of header.split(',')) {
    const at = item.indexOf('=');
    if (at < 0) continue;
    const key = item.slice(0, at).trim();
    const value = item.slice(at + 1).trim();
    // One timestamp, in whole seconds; a second one makes the header ambiguous.
    if (key === 't') timestamp = timestamp === undefined && /^\d{1,12}$/.test(value) ? Number(value) : NaN;
    else if (key === 'v1') v1.push(value);
  }
  if (timestamp === undefined || Number.isNaN(timestamp) || v1.length === 0) {
    throw new InvalidSignatureError('Malformed Stripe-Signature header: expected t=<timestamp>,v1=<signature>');
  }
  return { timestamp, v1 };
}

/**
 * Throws InvalidSignatureError unless `header` signs exactly `payload` with `secret`, at a time
 * within `toleranceSeconds` of `nowSeconds`.
 */
export function verifySignature(
  payload: Buffer,
  header: string | undefined,
  secret: string,
  nowSeconds: number,
  toleranceSeconds = WEBHOOK_TOLERANCE_SECONDS,
): void {
  // An empty key would let anyone sign: a configuration fault, never a pass.
  if (!secret) throw new Error('The Stripe webhook secret is empty');
  if (!header) throw new InvalidSignatureError('Missing Stripe-Signature header');
  const { timestamp, v1 } = parseHeader(header);
  const expected = signature(payload, secret, timestamp);
  // Every candidate is compared (none is skipped early) and in constant time.
  let matched = false;
  for (const candidate of v1) {
    const given = /^[0-9a-f]{64}$/i.test(candidate) ? Buffer.from(candidate, 'hex') : Buffer.alloc(0);
    if (given.length === expected.length && timingSafeEqual(given, expected)) matched = true;
  }
  if (!matched) throw new InvalidSignatureError('No signature in the Stripe-Signature header matches the body and the webhook secret');
  const skew = Math.abs(nowSeconds - timestamp);
  if (skew > toleranceSeconds) {
    throw new InvalidSignatureError(`Stripe-Signature timestamp is ${Math.round(skew)} s from now, outside the ${toleranceSeconds} s tolerance`);
  }
}

/** Verifies a delivery, then reads it as a billing event (a body that is not a Stripe event: 400). */
export function parseSignedEvent(rawBody: Buffer, header: string | undefined, secret: string, nowSeconds: number): BillingEvent {
  verifySignature(rawBody, header, secret, nowSeconds);
  let body: unknown;
  try {
    body = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw new ValidationError('The webhook body is not JSON');
  }
  const event = EventSchema.safeParse(body);
  if (!event.success) throw new ValidationError(`The webhook body is not a Stripe event: ${describeIssues(event.error)}`);
  return toBillingEvent(event.data);
}
