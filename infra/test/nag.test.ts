/**
 * cdk-nag AwsSolutions, run exactly as `cdk synth` runs it (Validations plugin, CloudFormation
 * schema validation on): zero unacknowledged findings, and every acknowledgement in the code
 * still answers a real finding (no stale ones).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { App, Stack, Validations } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { AwsSolutionsChecks, NagPack } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureConsumers, fixtureRoutes, fixtureWebDist, prodContext, synthesise, type Synthesised } from './helpers.ts';

interface ValidationReport {
  pluginReports: Array<{ summary: { pluginName: string; status: string }; violations: Array<{ ruleName: string; violatingResources: unknown[] }> }>;
}

/**
 * Every (construct path, rule id) an acknowledgement actually silenced, recorded during synthesis
 * by wrapping cdk-nag 3.0.2's (private) NagPack.isAcknowledged. If an upgrade renames it, the
 * "pack really ran" assertion below fails loudly rather than this test passing vacuously.
 */
const used: Array<{ path: string; rule: string }> = [];
type Acknowledging = { isAcknowledged(resource: IConstruct, ruleId: string): boolean };
const pack = NagPack.prototype as unknown as Acknowledging;

beforeAll(() => {
  const unbound = pack.isAcknowledged;
  pack.isAcknowledged = function (this: Acknowledging, resource: IConstruct, ruleId: string) {
    const acknowledged = unbound.call(this, resource, ruleId);
    if (acknowledged) used.push({ path: resource.node.path, rule: ruleId });
    return acknowledged;
  };
  restore = () => {
    pack.isAcknowledged = unbound;
  };
});
let restore = () => {};
afterAll(() => restore());

function report(s: Synthesised): ValidationReport {
  return JSON.parse(readFileSync(join(s.app.outdir, 'validation-report.json'), 'utf8')) as ValidationReport;
}

/** Every acknowledgement recorded on the construct tree, with where it was made. */
function acknowledgements(root: IConstruct): Array<{ path: string; rule: string; reason: string }> {
  return root.node
    .findAll()
    .flatMap((c) =>
      c.node.metadata
        .filter((m) => m.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
        .flatMap((m) =>
          Object.entries(m.data as Record<string, string>).map(([id, reason]) => ({ path: c.node.path, rule: id.replace(/^annotation::/i, ''), reason })),
        ),
    );
}

function unused(s: Synthesised) {
  return acknowledgements(s.app).filter((a) => !used.some((u) => u.rule === a.rule && (u.path === a.path || u.path.startsWith(`${a.path}/`))));
}

describe.each([
  ['dev as `npm run synth` builds it (real manifest, WAF, no custom domain, no web build)', {}, {}],
  [
    'prod with a custom domain, web upload, every queue consumed, WAF switched off and the pipeline role',
    { ...prodContext, waf: 'false', githubRepo: 'acme/football' },
    { routes: fixtureRoutes, consumers: fixtureConsumers, webDist: fixtureWebDist() },
  ],
] as const)('%s', (_name, context, options) => {
  let s: Synthesised;
  beforeAll(() => {
    used.length = 0;
    // Synthesis throws on any unacknowledged error-level finding; the report holds the rest.
    s = synthesise(context, { ...options, cfnValidation: true });
  });

  it('has no unacknowledged cdk-nag finding and no template validation error', () => {
    for (const plugin of report(s).pluginReports) {
      expect(plugin.violations, plugin.summary.pluginName).toEqual([]);
    }
    expect(used.length).toBeGreaterThan(0); // the AwsSolutions pack really ran
  });

  it('acknowledges only findings that exist, each with a specific reason', () => {
    expect(unused(s)).toEqual([]);
    for (const a of acknowledgements(s.app)) {
      expect(a.rule).toMatch(/^AwsSolutions-[A-Z]+\d+(\[.+\])?$/);
      expect(a.reason.length, `${a.path} ${a.rule}`).toBeGreaterThan(40);
    }
  });
});

describe('the check itself', () => {
  it('fails synthesis on an unacknowledged finding', () => {
    const app = new App();
    const stack = new Stack(app, 'Canary');
    new s3.Bucket(stack, 'Bucket'); // no SSL-only policy, no access logs
    Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
    expect(() => app.synth()).toThrow(/AwsSolutions-S10/);
  });
});
