import type { Plugin } from 'esbuild';
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/** The Stripe API resources the product calls (customers, Checkout sessions, subscriptions). */
const USED = [/\/resources\/Customers\.js$/, /\/resources\/Checkout\/Sessions\.js$/, /\/resources\/Subscriptions\.js$/];

/**
 * stripe-node registers all ~200 API resources on every client (~250 KB minified), which alone
 * would fill a Lambda's bundle budget. This plugin swaps the resources we never call for empty
 * classes of the same name, leaving the client, the ones we use and webhook verification intact
 * (docs/decisions/0003-stripe-bundle.md).
 */
export const stripeResourcesPlugin: Plugin = {
  name: 'stripe-unused-resources',
  setup(build) {
    build.onResolve({ filter: /resources\/.+\.js$/ }, (args) => {
      if (!/[\\/]stripe[\\/]esm[\\/]/.test(args.importer)) return undefined;
      const path = resolve(dirname(args.importer), args.path);
      if (USED.some((pattern) => pattern.test(path.replaceAll('\\', '/')))) return undefined;
      return { path, namespace: 'stripe-unused' };
    });
    build.onLoad({ filter: /.*/, namespace: 'stripe-unused' }, (args) => {
      const names = [...readFileSync(args.path, 'utf8').matchAll(/export (?:const|class|function) (\w+)/g)].map((m) => m[1]);
      return { contents: names.map((n) => `export const ${n} = class {};`).join('\n'), loader: 'js' };
    });
  },
};
