/**
 * Test helpers: an App like bin/app.ts makes (pinned feature flags + the root cdk.json's context), with
 * bundling skipped (template tests never need the bundles; test/bundling.test.ts does bundle).
 * CDK's built-in CloudFormation schema validation (about 15 s per synthesis here) runs only where
 * asked for: test/nag.test.ts synthesises exactly like `cdk synth`.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Stack, type App, type CfnResource } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
import { queueNames } from '@app/events/queues';
import type { ConsumerDefinition, RouteDefinition } from '@app/functions/routes';
import { Template } from 'aws-cdk-lib/assertions';
import { buildApp, newApp, type BuildOptions, type BuiltApp } from '../lib/app.ts';
import { repoRoot } from '../lib/bundling.ts';
import { readConfig, type DeployConfig } from '../lib/config.ts';

const cdkJson = JSON.parse(readFileSync(join(repoRoot, 'cdk.json'), 'utf8')) as { context: Record<string, unknown> };

export function testApp(context: Record<string, unknown> = {}, { cfnValidation = false, outdir }: { cfnValidation?: boolean; outdir?: string } = {}): App {
  return newApp({
    context: { ...cdkJson.context, 'aws:cdk:bundling-stacks': [], ...context },
    builtinCloudFormationValidation: cfnValidation,
    ...(outdir ? { outdir } : {}),
  });
}

export interface Synthesised extends BuiltApp {
  app: App;
  /** The template of the stack (top-level or nested) that holds `construct`. */
  templateOf: (construct: IConstruct) => Template;
  /** Every template of the app, nested ones included, by stack path. */
  templates: Map<Stack, Template>;
  edgeTemplate?: Template;
}

/** Builds and synthesises the app once (cdk-nag runs as part of synthesis, as in `cdk synth`). */
export interface SynthOptions extends Omit<BuildOptions, 'config'> {
  config?: Partial<DeployConfig>;
  cfnValidation?: boolean;
  /** Where the templates are written (kept); default: a temporary directory CDK chooses. */
  outdir?: string;
}

/**
 * Apps already synthesised in this worker, by their context and options: the infra files share
 * their modules (vitest.config.ts), so two files that ask for the same app (the dev app of
 * stacks.test.ts and email.test.ts) build it once. Tests only read an app they are given; one
 * written to an `outdir` of its own, or synthesised with validation (test/nag.test.ts records what
 * its synthesis acknowledges), is never shared.
 */
const synthesised = new Map<string, Synthesised>();

export function synthesise(context: Record<string, unknown> = {}, options: SynthOptions = {}): Synthesised {
  if (options.outdir || options.cfnValidation) return synthesiseNew(context, options);
  const key = JSON.stringify([context, options]);
  if (!synthesised.has(key)) synthesised.set(key, synthesiseNew(context, options));
  return synthesised.get(key)!;
}

function synthesiseNew(context: Record<string, unknown>, { cfnValidation, outdir, ...options }: SynthOptions): Synthesised {
  const app = testApp(context, { cfnValidation, outdir });
  const config = { ...readConfig(app.node, {}), ...options.config };
  const built = buildApp(app, { webDist: null, ...options, config });
  // Templates are made on first use: most tests read two or three of the twenty stacks.
  const made = new Map<Stack, Template>();
  const templateOf = (construct: IConstruct) => {
    const stack = Stack.of(construct);
    if (!made.has(stack)) made.set(stack, Template.fromStack(stack));
    return made.get(stack)!;
  };
  const stacks = app.node.findAll().filter((c): c is Stack => Stack.isStack(c));
  return {
    app,
    ...built,
    get templates() {
      return new Map(stacks.map((stack) => [stack, templateOf(stack)]));
    },
    templateOf,
    ...(built.edge ? { edgeTemplate: templateOf(built.edge) } : {}),
  };
}

/** Resources of a type across every template of the app, by `<stack path>/<logical id>`. */
export function allResources(s: Pick<Synthesised, 'templates'>, type: string): Record<string, Resource> {
  return Object.fromEntries([...s.templates].flatMap(([stack, t]) => Object.entries(resources(t, type)).map(([id, r]) => [`${stack.node.path}/${id}`, r])));
}

export type Resource = { Type: string; Properties: Record<string, unknown>; DeletionPolicy?: string; UpdateReplacePolicy?: string };

/** Resources of a type, by logical id. */
export function resources(template: Template, type: string): Record<string, Resource> {
  return template.findResources(type) as Record<string, Resource>;
}

/** The logical id a `{ Ref }` or `{ Fn::GetAtt: [id, ...] }` points to. */
export function refId(value: unknown): string | undefined {
  if (value && typeof value === 'object') {
    const v = value as { Ref?: string; 'Fn::GetAtt'?: [string, string] };
    return v.Ref ?? v['Fn::GetAtt']?.[0];
  }
  return undefined;
}

export type Statement = { Action: string | string[]; Resource: unknown; Effect: string; Sid?: string };

/** IAM statements attached to a role (through its inline policies). */
export function statementsOfRole(template: Template, roleId: string): Statement[] {
  return Object.values(resources(template, 'AWS::IAM::Policy'))
    .filter((p) => (p.Properties.Roles as unknown[]).some((r) => refId(r) === roleId))
    .flatMap((p) => (p.Properties.PolicyDocument as { Statement: Statement[] }).Statement);
}

export const actionsOf = (s: Statement) => (Array.isArray(s.Action) ? s.Action : [s.Action]);

/** The logical id of an L2 construct's CloudFormation resource. */
export function logicalId(construct: IConstruct): string {
  return Stack.of(construct).resolve((construct.node.defaultChild as CfnResource).logicalId) as string;
}

/** A manifest exercising what routes.ts may not have yet: every queue consumed, shared handlers, queue/stripe use. */
export const fixtureRoutes: RouteDefinition[] = [
  { method: 'GET', path: '/api/health', handler: 'http/health/get', auth: 'public', access: 'read' },
  { method: 'GET', path: '/api/predictions', handler: 'http/predictions/list', auth: 'viewer', access: 'read' },
  { method: 'GET', path: '/api/predictions/{id}', handler: 'http/predictions/list', auth: 'viewer', access: 'read', timeoutSeconds: 20 },
  { method: 'POST', path: '/api/auth/login', handler: 'http/metrics/latest', auth: 'public', access: 'write', password: true, memoryMb: 2048 },
  { method: 'POST', path: '/api/admin/jobs/{type}', handler: 'http/metrics/trend', auth: 'admin', access: 'write', uses: ['queue'] },
  { method: 'POST', path: '/api/stripe/webhook', handler: 'http/health/get', auth: 'public', access: 'write', uses: ['stripe'], rawBody: true },
  // A page a function serves (the match, team and league pages).
  { method: 'GET', path: '/teams/{slug}', handler: 'http/health/get', auth: 'public', access: 'read', cdn: 'shared' },
];
export const fixtureConsumers: ConsumerDefinition[] = queueNames.map((queue) => ({
  queue,
  // Any existing module will do: template tests do not bundle.
  handler: 'http/health/get',
  access: 'write',
  ...(queue === 'jobs-planner' || queue === 'result-ingestion' ? { uses: ['queue' as const, 'providers' as const] } : {}),
}));

/** A stand-in for web/dist: the shell, a favicon and one hashed asset. */
export function fixtureWebDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'fp-web-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><script type="module" src="/assets/index-abc123.js"></script>');
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
  return dir;
}

/** Prod with everything switched on: custom domain with a certificate issued in the edge stack, email alarms, Stripe price. */
export const prodContext = {
  stage: 'prod',
  domainName: 'predictions.example.com',
  hostedZoneId: 'Z0123456789ABCDEFGHIJ',
  hostedZoneName: 'example.com',
  alarmEmail: 'oncall@example.com',
  stripePriceId: 'price_123',
};

/** Staging on certificates of its own (no Route 53 zone): CloudFront's in us-east-1, the API's in the app region. */
export const stagingContext = {
  stage: 'staging',
  domainName: 'staging.example.com',
  certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/0a1b2c3d-site',
  apiCertificateArn: 'arn:aws:acm:eu-west-2:123456789012:certificate/4e5f6a7b-api',
};
