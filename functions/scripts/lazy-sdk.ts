// The AWS SDK in a Lambda bundle loads at first use, not at the cold start
// (docs/decisions/0221-aws-sdk-clients-load-at-first-use.md). The SDK stays external (the
// runtime's copy, docs/decisions/0101-aws-sdk-from-the-lambda-runtime.md); this esbuild plugin
// puts a small stand-in module in the bundle for each `@aws-sdk/*` package the code imports:
// - a client (`…Client`) records its constructor's arguments; its first `send` imports the real
//   package, builds the real client and sends; `DynamoDBDocumentClient.from` is kept for later
//   the same way;
// - a command (`…Command`) records its input and becomes the real command when sent;
// - an exception (`…Exception`) is a class that `instanceof` matches by the error's name, which
//   is how the SDK names the errors it throws.
// Anything else the code imports from the SDK (an enum, a helper function) is not in the stand-in
// and fails the build, naming the import: it would need the package at the cold start.
import type { Plugin } from 'esbuild';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const NAMESPACE = 'lazy-aws-sdk';
const RUNTIME = 'lazy-aws-sdk:runtime';

/** What every stand-in shares (plain JavaScript, bundled once). */
const runtime = `
export function lazyPackage(load) {
  let loading;
  return () => (loading ??= load());
}
export async function realCommand(command) {
  return typeof command?.toReal === 'function' ? command.toReal() : command;
}
export function client(pkg, name) {
  return class {
    constructor(...args) {
      this.makeReal = async () => new (await pkg())[name](...args);
    }
    static from(base, ...options) {
      const made = Object.create(this.prototype);
      made.makeReal = async () => (await pkg())[name].from(await base.real(), ...options);
      return made;
    }
    real() {
      return (this.realClient ??= this.makeReal());
    }
    async send(command, ...rest) {
      return (await this.real()).send(await realCommand(command), ...rest);
    }
    destroy() {
      this.realClient?.then((c) => c.destroy());
    }
  };
}
export function command(pkg, name) {
  return class {
    constructor(...args) {
      this.input = args[0];
      this.toReal = async () => new (await pkg())[name](...args);
    }
  };
}
export function exception(name) {
  return class {
    static [Symbol.hasInstance](value) {
      return value != null && value.name === name;
    }
  };
}
`;

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** The stand-in of one SDK package: every client, command and exception it exports. */
function standIn(pkg: string, resolveFrom: string): string {
  const real = createRequire(join(resolveFrom, 'package.json'))(pkg) as Record<string, unknown>;
  const lines = [
    `import { lazyPackage, client, command, exception } from ${JSON.stringify(RUNTIME)};`,
    `const pkg = /* @__PURE__ */ lazyPackage(() => import(${JSON.stringify(pkg)}));`,
  ];
  for (const [name, value] of Object.entries(real)) {
    if (typeof value !== 'function' || !IDENTIFIER.test(name)) continue;
    if (name.endsWith('Client')) lines.push(`export const ${name} = /* @__PURE__ */ client(pkg, ${JSON.stringify(name)});`);
    else if (name.endsWith('Command')) lines.push(`export const ${name} = /* @__PURE__ */ command(pkg, ${JSON.stringify(name)});`);
    else if (name.endsWith('Exception')) lines.push(`export const ${name} = /* @__PURE__ */ exception(${JSON.stringify(name)});`);
  }
  return lines.join('\n');
}

/** The esbuild plugin: `@aws-sdk/*` imports of the bundled code resolve to their stand-ins. */
export function lazyAwsSdk(resolveFrom: string): Plugin {
  return {
    name: NAMESPACE,
    setup(build) {
      build.onResolve({ filter: /^lazy-aws-sdk:runtime$/ }, () => ({ path: RUNTIME, namespace: NAMESPACE }));
      build.onResolve({ filter: /^@aws-sdk\// }, (args) =>
        // The stand-in's own import of the real package stays external: the runtime provides it.
        args.namespace === NAMESPACE ? { path: args.path, external: true } : { path: args.path, namespace: NAMESPACE },
      );
      build.onLoad({ filter: /.*/, namespace: NAMESPACE }, (args) => ({
        contents: args.path === RUNTIME ? runtime : standIn(args.path, resolveFrom),
        loader: 'js',
      }));
    },
  };
}
