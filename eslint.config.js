// Lint rules, including the import direction of docs/architecture.md#layers:
// web -> contracts; functions -> platform, adapters, core, contracts, events (its local stack and
// tests also -> local); local -> adapters, core, model, contracts;
// adapters -> core, model; core -> model, contracts; model -> nothing of ours; research -> model,
// core, and nothing imports research.
import js from '@eslint/js';
import { readdirSync } from 'node:fs';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import tests from './scripts/eslint-rules/wait-after-render.mjs';
import layers from './scripts/eslint-rules/http-stays-out-of-core.mjs';

const ours = ['contracts', 'core', 'model', 'adapters', 'local', 'platform', 'events', 'functions', 'web', 'infra', 'research'];
const webFeatures = readdirSync(new URL('./web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// `import * as z from 'zod/mini'` (or named imports) tree-shakes to ~20 KB; the classic API or
// the `z` namespace export pulls in every locale (~450 KB), which would blow the bundle budgets.
const zodPaths = [{ name: 'zod', message: "Use `import * as z from 'zod/mini'` (bundle size)." }];
const zodNamespaceExport = {
  selector: "ImportDeclaration[source.value='zod/mini'] > ImportSpecifier[imported.name='z']",
  message: "Use `import * as z from 'zod/mini'`: the `z` export pulls in every zod locale (bundle size).",
};

/** A no-restricted-imports rule allowing only the listed @app packages (plus extra bans). */
function allowOnly(allowed, extra = []) {
  const banned = ours.filter((p) => !allowed.includes(p));
  return {
    'no-restricted-imports': [
      'error',
      {
        paths: zodPaths,
        patterns: [
          ...banned.map((p) => ({
            group: [`@app/${p}`, `@app/${p}/*`],
            message: `This layer may not depend on @app/${p} (see docs/architecture.md#layers).`,
          })),
          ...extra,
        ],
      },
    ],
  };
}

/** A layer's import rules; its tests may also use the sample events of @app/events. */
function layer(dir, allowed, extra = []) {
  return [
    { files: [`${dir}/**`], rules: allowOnly(allowed, extra) },
    { files: [`${dir}/**/*.test.ts`, `${dir}/**/testing/**`], rules: allowOnly([...allowed, 'events'], extra) },
  ];
}

const noInfraSdks = [{ group: ['@aws-sdk/*', 'stripe', '@middy/*', 'aws-lambda'], message: 'Domain code stays free of AWS, Stripe and middy.' }];

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '**/cdk.out/**', '**/.data/**', '**/coverage/**', 'e2e/artifacts/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
      'no-restricted-syntax': ['error', zodNamespaceExport],
    },
  },
  ...layer('packages/model', [], noInfraSdks),
  ...layer('packages/contracts', [], noInfraSdks),
  ...layer('events', []),
  ...layer('packages/core', ['model', 'contracts'], noInfraSdks),
  // The domain returns domain values; serialising, tagging and contract-checking them is the HTTP
  // layer's (scripts/eslint-rules/http-stays-out-of-core.mjs; docs/decisions/0340-http-in-the-http-layer.md).
  { files: ['packages/core/**/*.ts'], plugins: { layers }, rules: { 'layers/http-stays-out-of-core': 'error' } },
  ...layer('packages/adapters', ['core', 'model', 'contracts']),
  ...layer('packages/platform', ['core', 'contracts']),
  ...layer('functions', ['platform', 'adapters', 'core', 'contracts', 'events']),
  // The laptop's stand-ins (@app/local) reach the local stack, its CLIs, benchmarks and tests, never
  // a Lambda handler (docs/decisions/0267-the-local-package.md).
  ...layer('packages/local', ['adapters', 'core', 'model', 'contracts']),
  {
    files: ['functions/local/**', 'functions/test/**', 'functions/scripts/**', 'functions/src/**/*.test.ts'],
    rules: allowOnly(['platform', 'adapters', 'local', 'core', 'contracts', 'events']),
  },
  ...layer('infra', ['functions', 'events', 'adapters']),
  ...layer('e2e', ['contracts']),
  // Research (the backtests, the tuning, the reports and the engine's benchmarks) reads the model and
  // core; nothing imports it, so no Lambda bundle can hold it (no layer above lists 'research').
  ...layer('packages/research', ['model', 'core', 'contracts'], noInfraSdks),
  // No function past 125 lines, blank lines and comments not counted (80 until the formatter, in
  // lines of up to 200 characters; docs/decisions/0266-one-formatter.md): a longer one mixes parts
  // that deserve names of their own (reading, deciding, writing). Tests are exempt (a describe block is as long as its cases), and so are the
  // functions below, each for the reason given.
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    ignores: ['**/*.test.{ts,tsx}', '**/*.e2e.ts', '**/testing/*.contract.ts'],
    rules: { 'max-lines-per-function': ['error', { max: 125, skipBlankLines: true, skipComments: true }] },
  },
  {
    files: [
      // Long because the screen is: a page or a component that is mostly JSX in the order it shows.
      'web/src/app/routes/how-it-works.tsx',
      'web/src/app/routes/results.tsx',
      'web/src/app/routes/analytics.tsx',
      'web/src/components/layouts/header.tsx',
      'web/src/features/billing/components/pricing-section.tsx',
      'web/src/app/routes/team.tsx',
      // Declarations: every resource, stack or alarm of the CDK app, in the order they depend on each other.
      'infra/lib/app.ts',
      'infra/lib/constructs/web.ts',
      'infra/lib/stacks/jobs-stack.ts',
      // A service factory: its methods are the named parts, sharing the dependencies it closes over.
      'packages/core/src/pipeline/jobs.ts',
      'packages/core/src/billing/service.ts',
      'packages/core/src/auth/service.ts',
      // Left for later: the model's fit (one optimisation with its gradient, numerically tested as a
      // whole), the model benchmark and the security audit script (a sequence of probes).
      'packages/model/src/dixon-coles.ts',
      // The season simulation's hot loop: typed arrays allocated once per call and reused by every
      // run (its benchmark: 10 leagues x 10,000 runs in seconds), and the season backtest's replay.
      'packages/model/src/season.ts',
      'packages/research/src/season-backtest.ts',
      'packages/research/bench/run.ts',
      'scripts/audit-security.mjs',
    ],
    rules: { 'max-lines-per-function': 'off' },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...allowOnly(['contracts']),
    },
  },
  // A test waits for the thing: the first query after a render is findBy… or inside waitFor
  // (scripts/eslint-rules/wait-after-render.mjs); a synchronous one raced the page's lazy code and
  // data on a busy machine.
  {
    files: ['web/src/**/*.test.tsx'],
    plugins: { tests },
    rules: { 'tests/wait-after-render': 'error' },
  },
  // A web feature never imports another feature (bulletproof-react's rule): the app composes
  // features; what two features share lives in components/, lib/, utils/ or hooks/.
  ...webFeatures.map((feature) => ({
    files: [`web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: allowOnly(
      ['contracts'],
      [
        {
          group: [
            '@/features/*',
            `!@/features/${feature}`,
            '@/features/*/**',
            `!@/features/${feature}/**`,
            '../../*',
            `!../../${feature}`,
            `!../../${feature}/**`,
          ],
          message: `A feature imports no other feature: compose them in app/, or move what they share to components/, lib/ or utils/ (${feature}).`,
        },
      ],
    ),
  })),
);
