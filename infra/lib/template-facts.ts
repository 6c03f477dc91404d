/**
 * The counts the documentation states about the deployed system (stacks, functions, queues,
 * alarms, resources), taken from the synthesized templates. `npm run facts` writes them to
 * docs/template-facts.json and into the marked blocks of the docs; a test fails when either
 * drifts from a fresh synthesis (infra/test/stacks.test.ts).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { NestedStack, type Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { repoRoot } from './bundling.ts';

export interface TemplateFacts {
  /** What was synthesised: the dev stage from the real manifests. */
  stage: string;
  stacks: number;
  nestedStacks: number;
  largestStack: { name: string; resources: number };
  resources: number;
  functions: { total: number; http: number; consumers: number; scheduled: number };
  routes: number;
  workQueues: number;
  deadLetterQueues: number;
  schedules: number;
  metricAlarms: number;
  compositeAlarms: number;
  secrets: number;
}

export interface SynthesisedTemplate {
  /** Stack name, or the nested stack's path. */
  name: string;
  nested: boolean;
  resources: Record<string, { Type: string; Properties?: Record<string, unknown> }>;
}

/** The CLI's version-reporting resource: in `cdk synth`'s templates, not in the tests'; not counted. */
const METADATA = 'AWS::CDK::Metadata';

/** The counts, from the templates of one stage. */
export function templateFacts(stage: string, templates: readonly SynthesisedTemplate[]): TemplateFacts {
  const counted = (t: SynthesisedTemplate) => Object.values(t.resources).filter((r) => r.Type !== METADATA);
  const all = templates.flatMap(counted);
  const count = (type: string) => all.filter((r) => r.Type === type).length;
  const functions = all.filter((r) => r.Type === 'AWS::Lambda::Function');
  const kind = (prefix: string) => functions.filter((f) => String(f.Properties?.Description ?? '').startsWith(prefix)).length;
  const queues = all.filter((r) => r.Type === 'AWS::SQS::Queue').map((q) => String(q.Properties?.QueueName ?? ''));
  const largest = templates.map((t) => ({ name: t.name, resources: counted(t).length })).sort((a, b) => b.resources - a.resources)[0]!;
  return {
    stage,
    stacks: templates.filter((t) => !t.nested).length,
    nestedStacks: templates.filter((t) => t.nested).length,
    largestStack: largest,
    resources: all.length,
    functions: { total: functions.length, http: kind('http/'), consumers: kind('consumers/'), scheduled: kind('scheduled/') },
    routes: count('AWS::ApiGatewayV2::Route'),
    workQueues: queues.filter((q) => !q.endsWith('-dlq')).length,
    deadLetterQueues: queues.filter((q) => q.endsWith('-dlq')).length,
    schedules: count('AWS::Scheduler::Schedule'),
    metricAlarms: count('AWS::CloudWatch::Alarm'),
    compositeAlarms: count('AWS::CloudWatch::CompositeAlarm'),
    secrets: count('AWS::SecretsManager::Secret'),
  };
}

/** The counts of every stack of a built app (top-level and nested). */
export function factsOf(stage: string, stacks: readonly Stack[]): TemplateFacts {
  return templateFacts(
    stage,
    stacks.map((stack) => ({
      name: NestedStack.isNestedStack(stack) ? stack.node.path : stack.stackName,
      nested: NestedStack.isNestedStack(stack),
      resources: (Template.fromStack(stack).toJSON() as { Resources?: SynthesisedTemplate['resources'] }).Resources ?? {},
    })),
  );
}

/** The facts as the Markdown table every marked block of the docs holds. */
export function renderFacts(f: TemplateFacts): string {
  return [
    `| From the synthesized templates (\`${f.stage}\`, \`npm run facts\`) | Count |`,
    '|---|---|',
    `| Stacks (plus nested stacks, one per route group) | ${f.stacks} (+ ${f.nestedStacks}) |`,
    `| Resources in all, and in the largest stack (\`${f.largestStack.name}\`) | ${f.resources}; ${f.largestStack.resources} (limit 500, test at 400) |`,
    `| Lambda functions: HTTP, queue consumers, scheduled functions | ${f.functions.total}: ${f.functions.http}, ${f.functions.consumers}, ${f.functions.scheduled} |`,
    `| HTTP routes | ${f.routes} |`,
    `| SQS queues: work queues, dead-letter queues (each work queue's and the schedules') | ${f.workQueues}, ${f.deadLetterQueues} |`,
    `| EventBridge Scheduler schedules | ${f.schedules} |`,
    `| CloudWatch alarms: metric alarms (no action of their own), composite area alarms (they notify) | ${f.metricAlarms}, ${f.compositeAlarms} |`,
    `| Secrets Manager secrets | ${f.secrets} |`,
  ].join('\n');
}

export const FACTS_FILE = join(repoRoot, 'docs', 'template-facts.json');
/** The documents that state the counts, each inside one marked block. */
export const FACT_DOCS = ['docs/deploy.md', 'docs/operations.md', 'docs/scaling.md'].map((d) => join(repoRoot, d));
export const START = '<!-- template-facts:start -->';
export const END = '<!-- template-facts:end -->';

/** The marked block of a document, or undefined when it has none. */
export function factsBlock(markdown: string): string | undefined {
  const start = markdown.indexOf(START);
  const end = markdown.indexOf(END);
  return start < 0 || end < start ? undefined : markdown.slice(start + START.length, end).trim();
}

/** Writes the facts file and every document's block. */
export function writeFacts(facts: TemplateFacts): void {
  writeFileSync(FACTS_FILE, `${JSON.stringify(facts, null, 2)}\n`);
  for (const doc of FACT_DOCS) {
    const text = readFileSync(doc, 'utf8');
    if (factsBlock(text) === undefined) throw new Error(`${doc} has no ${START} ... ${END} block`);
    writeFileSync(doc, `${text.slice(0, text.indexOf(START) + START.length)}\n${renderFacts(facts)}\n${text.slice(text.indexOf(END))}`);
  }
}
