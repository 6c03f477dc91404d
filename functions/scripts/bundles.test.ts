// The Lambda bundles as they ship: nothing of the local stack inside (the demo and CSV-replay
// data, the in-process queue, the test-mode billing, DynamoDB Local), within the size budget,
// every Stripe endpoint the billing functions call still in their bundles, and each one loads on
// the Node.js running this test (the integration layer runs it on the Lambda runtime's line) with the
// AWS SDK external, as the runtime provides it.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allHandlers, BUNDLE_BUDGET_BYTES, buildFunctions } from './build.ts';

/** Source folders of the local stand-ins: a bundle that contains any of them ships local code to Lambda. */
const LOCAL_ONLY = [
  'packages/local/',
  'packages/adapters/src/dynamodb/local-server.ts',
  'packages/adapters/src/dynamodb/testing/',
  'functions/local/',
  'functions/test/',
];
/** The functions that talk to Stripe, and the REST endpoints (path templates) the gateway calls. */
const STRIPE_HANDLERS = [
  'consumers/reconcile-billing',
  'http/account/billing',
  'http/account/self-exclusion',
  'http/account/take-break',
  'http/auth/delete-account',
  'http/billing/cancel-subscription',
  'http/billing/create-checkout-session',
  'http/billing/portal-session',
  'http/billing/resume-subscription',
  'http/billing/verify-session',
  'http/billing/webhook',
];
const STRIPE_ENDPOINTS = [
  '/v1/customers',
  '/v1/customers/{id}',
  '/v1/invoices',
  '/v1/checkout/sessions',
  '/v1/checkout/sessions/{id}',
  '/v1/checkout/sessions/{id}/expire',
  '/v1/subscriptions',
  '/v1/subscriptions/{id}',
  '/v1/billing_portal/sessions',
];
/** The functions that set a password, and so carry the list of common passwords (a text file esbuild inlines). */
const PASSWORD_SETTING_HANDLERS = ['http/auth/change-password', 'http/auth/password-reset-confirm', 'http/auth/register'];
const repo = resolve(import.meta.dirname, '..', '..');

let out: string;
let built: Awaited<ReturnType<typeof buildFunctions>>;
beforeAll(async () => {
  out = mkdtempSync(join(tmpdir(), 'bundles-'));
  built = await buildFunctions(join(out, 'dist'));
  // The runtime's AWS SDK stands in as the workspace's copy, found from the bundles' folder.
  mkdirSync(join(out, 'node_modules'), { recursive: true });
  symlinkSync(join(repo, 'node_modules', '.pnpm', 'node_modules', '@aws-sdk'), join(out, 'node_modules', '@aws-sdk'));
  // (the bound on a hang, not the build's time: it took over 120 s beside other work)
}, 600_000);
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('Lambda bundles', () => {
  it('builds one bundle per handler of the manifest', () => {
    expect(built.map((b) => b.handler).sort()).toEqual(allHandlers().sort());
  });

  it('carry no local stand-in (read from each bundle’s esbuild metafile)', () => {
    const offenders = built.flatMap((b) =>
      b.inputs.filter((input) => LOCAL_ONLY.some((dir) => input.startsWith(dir))).map((input) => `${b.handler}: ${input}`),
    );
    expect(offenders).toEqual([]);
    // The check reads real paths: every bundle contains the composition it is built from.
    expect(built.every((b) => b.inputs.some((input) => input.startsWith('functions/src/composition/')))).toBe(true);
  });

  it(`stay within ${BUNDLE_BUDGET_BYTES / 1024} KB each`, () => {
    expect(built.filter((b) => b.bytes > BUNDLE_BUDGET_BYTES).map((b) => `${b.handler}: ${(b.bytes / 1024).toFixed(1)} KB`)).toEqual([]);
  });

  it('load the team-name table at its first use: in a chunk beside the functions that call a live provider, never in their cold start', () => {
    const table = 'packages/adapters/src/leagues/teams.ts';
    expect(built.filter((b) => b.shipped.includes(table)).map((b) => b.handler)).toEqual([]);
    const carriers = built.filter((b) => b.lazy.includes(table));
    expect(carriers.map((b) => b.handler)).toEqual(
      expect.arrayContaining(['consumers/generate-predictions', 'consumers/ingest-results', 'scheduled/scan-odds']),
    );
    for (const b of carriers) {
      const chunk = b.lazyChunks.find((c) => c.file.startsWith('chunks/teams-'));
      expect(chunk, b.handler).toBeDefined();
      // Its clubs are in the chunk, loaded by a dynamic import of the entry.
      expect(readFileSync(join(out, 'dist', b.handler, chunk!.file), 'utf8')).toContain('"Oud-Heverlee Leuven"');
      expect(readFileSync(join(out, 'dist', b.handler, 'index.mjs'), 'utf8')).toContain(`import("./${chunk!.file}")`);
    }
  });

  it('the password-setting functions, and only they, carry the list of common passwords as text', () => {
    const carriers = built.filter((b) => b.shipped.includes('packages/core/src/auth/common-passwords.txt')).map((b) => b.handler);
    expect(carriers.sort()).toEqual(PASSWORD_SETTING_HANDLERS);
    const code = readFileSync(join(out, 'dist', 'http/auth/register', 'index.mjs'), 'utf8');
    // The first two words, as a string or template literal of the minified code.
    expect(code).toMatch(/password(\\n|\n)12345678(\\n|\n)/);
  });

  it('the billing functions carry the Stripe client with every endpoint it calls', () => {
    const usesStripe = built.filter((b) => b.inputs.includes('packages/adapters/src/stripe/stripe-payment-gateway.ts')).map((b) => b.handler);
    expect(usesStripe.sort()).toEqual(STRIPE_HANDLERS);
    const missing = STRIPE_HANDLERS.flatMap((handler) => {
      const code = readFileSync(join(out, 'dist', handler, 'index.mjs'), 'utf8');
      // Each path is a whole string literal in the minified code.
      return STRIPE_ENDPOINTS.filter((path) => !['"', "'", '`'].some((q) => code.includes(`${q}${path}${q}`))).map((path) => `${handler}: ${path}`);
    });
    expect(missing).toEqual([]);
    // Nothing of the Stripe SDK is bundled any more.
    expect(
      built.flatMap((b) => b.inputs.filter((input) => /node_modules\/(\.pnpm\/)?stripe[@/]/.test(input)).map((input) => `${b.handler}: ${input}`)),
    ).toEqual([]);
  });

  it(`load on Node ${process.versions.node} with the AWS SDK external, and export a handler`, async () => {
    const failures: string[] = [];
    for (const { handler, lazyChunks } of built) {
      const file = join(out, 'dist', handler, 'index.mjs');
      // The chunks a first use loads resolve beside the bundle too.
      const chunks = lazyChunks.map((c) => join(out, 'dist', handler, c.file));
      const script = `const m = await import(${JSON.stringify(file)}); if (typeof m.handler !== 'function') throw new Error('no handler export');
        for (const c of ${JSON.stringify(chunks)}) await import(c);`;
      try {
        await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], {
          cwd: out,
          env: {
            PATH: process.env.PATH,
            AWS_REGION: 'eu-west-2',
            TABLE_NAME: 'bundles-test',
            STAGE: 'dev',
            AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
          },
        });
      } catch (error) {
        failures.push(`${handler}: ${(error as { stderr?: string }).stderr?.split('\n').find((l) => /Error/.test(l)) ?? (error as Error).message}`);
      }
    }
    expect(failures).toEqual([]);
  }, 600_000);
});
