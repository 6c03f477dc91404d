// Lint rules, including the import direction of ARCHITECTURE.md:
// web -> contracts; functions -> platform, adapters, core, contracts, events;
// adapters -> core, model; core -> model, contracts; model -> nothing of ours.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const ours = ['contracts', 'core', 'model', 'adapters', 'platform', 'events', 'functions', 'web', 'infra'];

// `import * as z from 'zod/mini'` tree-shakes to ~20 KB; the classic API or the `z` namespace export
// pulls in every locale (~450 KB), which would blow the Lambda and web bundle budgets.
const zodPaths = [
  { name: 'zod', message: "Use `import * as z from 'zod/mini'` (bundle size)." },
  { name: 'zod/mini', importNames: ['z'], message: "Use `import * as z from 'zod/mini'` (bundle size)." },
];

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
            message: `This layer may not depend on @app/${p} (see ARCHITECTURE.md, Layout).`,
          })),
          ...extra,
        ],
      },
    ],
  };
}

const noInfraSdks = [
  { group: ['@aws-sdk/*', 'stripe', '@middy/*', 'aws-lambda'], message: 'Domain code stays free of AWS, Stripe and middy.' },
];

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
    },
  },
  { files: ['packages/model/**'], rules: allowOnly([], noInfraSdks) },
  { files: ['packages/contracts/**'], rules: allowOnly([], noInfraSdks) },
  { files: ['events/**'], rules: allowOnly([]) },
  { files: ['packages/core/**'], rules: allowOnly(['model', 'contracts'], noInfraSdks) },
  { files: ['packages/adapters/**'], rules: allowOnly(['core', 'model', 'contracts']) },
  { files: ['packages/platform/**'], rules: allowOnly(['core', 'contracts']) },
  { files: ['functions/**'], rules: allowOnly(['platform', 'adapters', 'core', 'contracts', 'events']) },
  { files: ['infra/**'], rules: allowOnly(['functions', 'events', 'adapters']) },
  { files: ['e2e/**'], rules: allowOnly(['contracts']) },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...allowOnly(['contracts']),
    },
  },
);
