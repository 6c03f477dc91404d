import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttpStack, uniqueEmail, type TestClient } from '../../test/http-harness.ts';

let stack: Awaited<ReturnType<typeof startHttpStack>>;
let signedIn: TestClient;
beforeAll(async () => {
  stack = await startHttpStack();
  signedIn = stack.client();
  await stack.signIn(signedIn, uniqueEmail('fuzz'));
});
afterAll(() => stack.close());

/** Each endpoint with a valid body (POST unless named); the fuzzer breaks it. Checkout's fields are optional (and ignored), as a bet's changes are. */
const endpoints: Array<{ path: string; method?: 'PATCH'; valid: Record<string, string | number | boolean>; optionalFields?: boolean }> = [
  { path: '/api/auth/register', valid: { email: 'new.user@example.com', password: 'a long enough password', acceptTerms: true, confirmAge: true } },
  { path: '/api/auth/login', valid: { email: 'someone@example.com', password: 'a password' } },
  { path: '/api/auth/logout', valid: {} },
  { path: '/api/auth/change-password', valid: { currentPassword: 'old password', newPassword: 'new password!' } },
  { path: '/api/auth/delete-account', valid: { password: 'a long enough password' } },
  { path: '/api/stripe/create-checkout-session', valid: { userId: 'u1', email: 'x@example.com' }, optionalFields: true },
  { path: '/api/stripe/verify-session', valid: { sessionId: 'cs_test_123' } },
  { path: '/api/stripe/cancel-subscription', valid: {} },
  { path: '/api/stripe/resume-subscription', valid: {} },
  { path: '/api/account/break', valid: { duration: '7d' } },
  { path: '/api/account/self-exclusion', valid: { password: 'a long enough password', confirm: true } },
  { path: '/api/stripe/webhook', valid: { id: 'evt_1', type: 'invoice.paid' } },
  { path: '/api/my-bets', valid: { fixtureId: 'fx-1', market: '1x2', selection: 'home', price: 2.05, bookmaker: 'Velox', stake: 10, fromFlag: true } },
  { path: '/api/my-bets/import', valid: { csv: 'id,fixture_id\n1,fx-1', dryRun: true } },
  {
    path: '/api/my-bets/mf3k2a1b0-abcdefgh',
    method: 'PATCH',
    valid: { price: 2.05, bookmaker: 'Velox', stake: 10, placedAt: '2026-12-05T10:00:00.000Z' },
    optionalFields: true,
  },
];

const wrongType = fc.oneof(fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.array(fc.string(), { maxLength: 3 }), fc.object({ maxDepth: 1 }));
const hugeString = fc.string({ minLength: 300, maxLength: 20_000 });
const unicodeString = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 60 }).map((s) => `${s}\u{1F600}\u0000`);

/** A body that breaks the contract: a wrong type, a missing field, an extra field, a huge or unicode value. */
function broken(valid: Record<string, string | number | boolean>, optionalFields = false) {
  const fields = Object.keys(valid);
  const mutations: fc.Arbitrary<unknown>[] = [
    fc
      .record({ key: fc.string({ minLength: 1, maxLength: 12 }).filter((k) => !fields.includes(k) && k !== '__proto__'), value: fc.jsonValue() })
      .map(({ key, value }) => ({ ...valid, [key]: value })),
    fc.jsonValue().filter((v) => v === null || typeof v !== 'object' || Array.isArray(v)),
  ];
  if (fields.length) {
    const field = fc.constantFrom(...fields);
    mutations.push(
      // A value of another type than the valid one (`true` is no wrong type for the sign-up's boxes).
      fc
        .tuple(field, wrongType)
        .filter(([f, v]) => typeof v !== typeof valid[f])
        .map(([f, v]) => ({ ...valid, [f]: v })),
      fc.tuple(field, hugeString).map(([f, v]) => ({ ...valid, [f]: v })),
    );
    if (!optionalFields) mutations.push(field.map((f) => Object.fromEntries(Object.entries(valid).filter(([k]) => k !== f))));
    // Unicode is a legal password; in an email or an id it is not.
    const idFields = fields.filter((f) => /email|sessionId|userId/.test(f));
    if (idFields.length) mutations.push(fc.tuple(fc.constantFrom(...idFields), unicodeString).map(([f, v]) => ({ ...valid, [f]: v })));
  }
  return fc.oneof(...mutations);
}

const rawBody = fc.oneof(
  fc.string({ maxLength: 200 }).filter((s) => s.trim() !== ''),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 200 }).filter((s) => s.trim() !== ''),
  fc.constant('{"email":'),
  fc.constant(`"${'x'.repeat(1_000_000)}"`),
  fc
    .jsonValue()
    .map((v) => JSON.stringify(v))
    .filter((s) => s !== '{}' && s !== 'null'),
);

describe('auth, billing and my-bets endpoints under fuzzing (always 4xx, never 5xx)', () => {
  it.each(endpoints)(
    '$path: wrong types, missing, extra, huge and unicode fields',
    async ({ path, method = 'POST', valid, optionalFields }) => {
      await fc.assert(
        fc.asyncProperty(broken(valid, optionalFields), fc.boolean(), async (body, withSession) => {
          const client = withSession ? signedIn : stack.client();
          const res = await client.request(method, path, { body, headers: { 'stripe-signature': 't=1,v1=00' } });
          expect(res.status, `${path} ${JSON.stringify(body).slice(0, 200)} -> ${res.text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
          expect(res.status).toBeLessThan(500);
          expect(res.json?.error, res.text.slice(0, 200)).toEqual(expect.any(String));
        }),
        { numRuns: 30 },
      );
    },
    120_000,
  );

  it.each(endpoints)(
    '$path: malformed, huge and unicode raw bodies',
    async ({ path, method = 'POST' }) => {
      await fc.assert(
        fc.asyncProperty(
          rawBody,
          fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded'),
          fc.boolean(),
          async (body, type, withSession) => {
            const client = withSession ? signedIn : stack.client();
            const res = await client.request(method, path, { rawBody: body, headers: { 'content-type': type } });
            expect(res.status, `${path} (${type}) ${body.slice(0, 100)} -> ${res.text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
            expect(res.status).toBeLessThan(500);
          },
        ),
        { numRuns: 20 },
      );
    },
    120_000,
  );
});
