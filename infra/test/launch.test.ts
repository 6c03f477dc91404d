/**
 * A first deploy of prod and staging from an empty account (docs/deploy.md "From an empty AWS account"),
 * on the templates as `cdk synth` makes them from the real manifests, with every option an operator
 * is told to set: an alarm email, a paging topic (`alarmTopicArn`), the GitHub repository of the
 * pipeline. Each block names what failed or could fail on the day, and what stops it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { schedules } from '@app/events/schedules';
import { scheduled } from '@app/functions/routes';
import { rollbackPlan, type LiveAlias, type ReleaseRecord } from '../../functions/ops/alias-rollback.ts';
import { WEBHOOK_REFUSED_PER_HOUR } from '../lib/stacks/api-stack.ts';
import { RETIRED_OUTPUTS } from '../lib/stacks/edge-stack.ts';
import { prodContext, refId, resources, stagingContext, synthesise, type Resource, type Synthesised } from './helpers.ts';

const PAGING_TOPIC = 'arn:aws:sns:eu-west-2:123456789012:pagerduty-prod';
const stages = {} as Record<'prod' | 'staging', Synthesised>;
/** Prod as a later release (every function changed), with the alarms ignored, and with the schedules off. */
const variants = {} as Record<'nextRelease' | 'breakGlass' | 'schedulesDisabled', Synthesised>;
// Every synthesis in the hook, whose bound is a hang's: inside a test each took over its 120 s
// with the machine busy (a synthesis is seconds of CPU).
beforeAll(() => {
  stages.prod = synthesise({ ...prodContext, alarmTopicArn: PAGING_TOPIC, githubRepo: 'acme/football', budgetEmails: 'finance@example.com' });
  stages.staging = synthesise({ ...stagingContext, alarmTopicArn: 'arn:aws:sns:eu-west-2:123456789012:chat-staging', githubRepo: 'acme/football' });
  variants.nextRelease = synthesise({ ...prodContext, alarmTopicArn: PAGING_TOPIC, logLevel: 'DEBUG' });
  variants.breakGlass = synthesise({ ...prodContext, rolloutAlarms: 'ignore' });
  variants.schedulesDisabled = synthesise({ ...prodContext, schedules: 'disabled' });
}, 900_000);

/** Every resource of a type in every template of a stage (nested ones included). */
const all = (stage: 'prod' | 'staging', type: string): Array<Resource & { id: string }> =>
  [...stages[stage].templates].flatMap(([stack, t]) => Object.entries(resources(t, type)).map(([id, r]) => ({ ...r, id: `${stack.node.path}/${id}` })));

describe.each(['prod', 'staging'] as const)('%s: the budget can be created', (stage) => {
  type Notification = { Subscribers: Array<{ SubscriptionType: string; Address: unknown }> };

  it('notifies one SNS topic per notification (AWS Budgets refuses a second), the stage topic, which fans out to on-call', () => {
    const [budget] = all(stage, 'AWS::Budgets::Budget');
    const notifications = budget!.Properties.NotificationsWithSubscribers as Notification[];
    expect(notifications).toHaveLength(2);
    for (const n of notifications) {
      const sns = n.Subscribers.filter((x) => x.SubscriptionType === 'SNS');
      expect(sns).toHaveLength(1);
      expect(JSON.stringify(sns[0]!.Address)).toContain(`:fp-${stage}-alarms`);
      expect(n.Subscribers.filter((x) => x.SubscriptionType === 'EMAIL').length).toBeLessThanOrEqual(10);
    }
  });
});

it('prod: emails the configured budget addresses directly, besides the topic', () => {
  const [budget] = all('prod', 'AWS::Budgets::Budget');
  for (const n of budget!.Properties.NotificationsWithSubscribers as Array<{ Subscribers: unknown[] }>) {
    expect(n.Subscribers).toContainEqual({ SubscriptionType: 'EMAIL', Address: 'finance@example.com' });
  }
});

describe.each(['prod', 'staging'] as const)('%s: a pipeline that cannot make anyone admin', (stage) => {
  const github = () => stages[stage].github!;
  const template = () => stages[stage].templateOf(github());
  type Doc = { Statement: Array<{ Effect: string; Action: string | string[]; Resource: unknown; Condition?: Record<string, Record<string, unknown>> }> };
  const actions = (a: string | string[]) => (Array.isArray(a) ? a : [a]);
  const boundaryArn = `arn:aws:iam::123456789012:policy/fp-${stage}-boundary`;

  it('puts the permissions boundary on every role of every stage template, nested ones and custom-resource providers included', () => {
    const roles = all(stage, 'AWS::IAM::Role').filter((r) => !r.id.startsWith('fp-github-deploy/'));
    expect(roles.length).toBeGreaterThan(60);
    for (const role of roles) expect(JSON.stringify(role.Properties.PermissionsBoundary), role.id).toContain(`:policy/fp-${stage}-boundary`);
    expect(all(stage, 'AWS::IAM::User')).toEqual([]);
    expect(all(stage, 'AWS::IAM::AccessKey')).toEqual([]);
  });

  it('caps the boundary at the run-time services: no IAM, no STS, no Organizations', () => {
    const [boundary] = Object.values(resources(template(), 'AWS::IAM::ManagedPolicy'));
    expect(boundary!.Properties.ManagedPolicyName).toBe(`fp-${stage}-boundary`);
    const doc = boundary!.Properties.PolicyDocument as Doc;
    const allowed = doc.Statement.filter((st) => st.Effect === 'Allow').flatMap((st) => actions(st.Action));
    expect(allowed.filter((a) => /^(iam|sts|organizations|account):/.test(a) || a === '*')).toEqual([]);
    const denied = doc.Statement.filter((st) => st.Effect === 'Deny').flatMap((st) => actions(st.Action));
    expect(denied).toEqual(expect.arrayContaining(['iam:*', 'sts:AssumeRole', 'organizations:*']));
  });

  it(`lets the execution role touch IAM only for roles fp-${stage}-*, creating or granting them only with the boundary, and never a user or a key`, () => {
    const role = Object.entries(resources(template(), 'AWS::IAM::Role')).find(([, r]) => r.Properties.RoleName === 'fp-cfn-exec')![1];
    const statements = (role.Properties.Policies as Array<{ PolicyDocument: Doc }>).flatMap((p) => p.PolicyDocument.Statement);
    const allowIam = statements.filter((st) => st.Effect === 'Allow' && actions(st.Action).some((a) => a.startsWith('iam:')));
    expect(statements.filter((st) => st.Effect === 'Allow').flatMap((st) => actions(st.Action))).not.toContain('iam:*');
    for (const st of allowIam) {
      const resource = JSON.stringify(st.Resource);
      const serviceLinked = actions(st.Action).every((a) => a === 'iam:CreateServiceLinkedRole');
      expect(resource, JSON.stringify(st.Action)).toContain(serviceLinked ? ':role/aws-service-role/*' : `:role/fp-${stage}-*`);
      const grants = actions(st.Action).filter((a) => /^iam:(CreateRole|PutRolePolicy|AttachRolePolicy|PutRolePermissionsBoundary)$/.test(a));
      if (grants.length > 0) expect(JSON.stringify(st.Condition?.StringEquals?.['iam:PermissionsBoundary']), grants.join()).toContain(`fp-${stage}-boundary`);
    }
    const granted = allowIam.flatMap((st) => actions(st.Action));
    expect(granted).toEqual(expect.arrayContaining(['iam:CreateRole', 'iam:PutRolePolicy', 'iam:PassRole']));
    expect(granted.filter((a) => /User|AccessKey|LoginProfile|Policy(Version)?$/.test(a) && !/RolePolic/.test(a))).toEqual([]);
    const denied = statements.filter((st) => st.Effect === 'Deny').flatMap((st) => actions(st.Action));
    expect(denied).toEqual(expect.arrayContaining(['iam:CreateUser', 'iam:CreateAccessKey', 'iam:DeleteRolePermissionsBoundary', 'iam:CreatePolicyVersion']));
    expect(boundaryArn).toContain(stage);
  });

  it('is assumed only by GitHub tokens of the stage environment from main, never through the account root', () => {
    const role = Object.values(resources(template(), 'AWS::IAM::Role')).find((r) => r.Properties.RoleName === 'fp-deploy')!;
    const trust = (role.Properties.AssumeRolePolicyDocument as Doc).Statement;
    expect(JSON.stringify(trust)).not.toMatch(/:root|"AWS"/);
    expect(trust).toHaveLength(1);
    expect(trust[0]!.Condition).toEqual({
      StringEquals: {
        'token.actions.githubusercontent.com:aud': 'sts.amazonaws.com',
        'token.actions.githubusercontent.com:sub': `repo:acme/football:environment:${stage === 'prod' ? 'production' : 'staging'}:ref:refs/heads/main`,
      },
    });
  });
});

describe('prod: rollbacks that have somewhere to go', () => {
  /** Function name -> the logical id (stack-qualified) of the version its live alias points at. */
  const liveVersions = (s: Synthesised): Record<string, string> => {
    const out: Record<string, string> = {};
    for (const [stack, t] of s.templates) {
      const fns = resources(t, 'AWS::Lambda::Function');
      for (const alias of Object.values(resources(t, 'AWS::Lambda::Alias'))) {
        const fn = fns[refId(alias.Properties.FunctionName)!]!;
        out[String(fn.Properties.FunctionName)] = `${stack.node.path}/${refId(alias.Properties.FunctionVersion)!}`;
      }
    }
    return out;
  };
  const versions = (s: Synthesised) =>
    new Map(
      [...s.templates].flatMap(([stack, t]) => Object.entries(resources(t, 'AWS::Lambda::Version')).map(([id, r]) => [`${stack.node.path}/${id}`, r] as const)),
    );

  it('keeps every published version when a stack update replaces it (CloudFormation would delete it, and the rollback would have nothing to move to)', () => {
    const all = versions(stages.prod);
    expect(all.size).toBe(stages.prod.functions.length);
    for (const [id, version] of all) {
      expect(version.DeletionPolicy, id).toBe('Retain');
      expect(version.UpdateReplacePolicy, id).toBe('Retain');
    }
  });

  it('rolls a synthesised release back onto versions that still exist after the next one is deployed', () => {
    // Release A, then release B that changes every function (a new version each), as the pipeline would deploy them.
    const before = stages.prod;
    const after = variants.nextRelease;
    const [a, b] = [liveVersions(before), liveVersions(after)];
    expect(Object.keys(b).sort()).toEqual(Object.keys(a).sort());
    const record: ReleaseRecord = { stage: 'prod', recordedAt: '2026-12-07T06:00:00.000Z', live: a };
    const now: Record<string, LiveAlias> = Object.fromEntries(Object.entries(b).map(([fn, v]) => [fn, { version: v }]));
    // What CloudFormation leaves once B is deployed: B's versions, and A's that it retains.
    const survivors = new Set<string>([...versions(after).keys(), ...[...versions(before)].filter(([, v]) => v.DeletionPolicy === 'Retain').map(([id]) => id)]);
    const plan = rollbackPlan(record, now);
    expect(plan.steps).toHaveLength(Object.keys(a).length);
    for (const step of plan.steps) {
      expect(step.to).not.toBe(step.from);
      expect(survivors.has(step.to), `${step.fn} -> ${step.to}`).toBe(true);
    }
  });

  it("stops and rolls a deployment back on its new version's errors alone: never on every version's errors or the API's 5xx, which the bug being fixed keeps firing", () => {
    for (const f of stages.prod.functions) {
      const t = stages.prod.templateOf(f);
      const byName = Object.fromEntries(Object.entries(resources(t, 'AWS::CloudWatch::Alarm')).map(([id, x]) => [id, String(x.Properties.AlarmName)]));
      const groups = Object.values(resources(t, 'AWS::CodeDeploy::DeploymentGroup'))
        .map((g) =>
          (g.Properties.AlarmConfiguration as { Alarms: Array<{ Name: unknown }> }).Alarms.map((x) => byName[refId(x.Name)!] ?? JSON.stringify(x.Name)),
        )
        .filter((names) => names.some((n) => n.startsWith(`fp-prod-${f.spec.id}-`)));
      expect(groups, f.spec.handler).toEqual([[`fp-prod-${f.spec.id}-new-version-errors`]]);
      const [alarm] = Object.values(resources(t, 'AWS::CloudWatch::Alarm')).filter((x) => x.Properties.AlarmName === `fp-prod-${f.spec.id}-new-version-errors`);
      const dimensions = alarm!.Properties.Dimensions as Array<{ Name: string; Value: unknown }>;
      expect(dimensions.map((d) => d.Name).sort()).toEqual(['ExecutedVersion', 'FunctionName', 'Resource']);
      // The version this deploy publishes: the alias's own target.
      const alias = resources(t, 'AWS::Lambda::Alias');
      const version = dimensions.find((d) => d.Name === 'ExecutedVersion')!.Value;
      expect(Object.values(alias).map((x) => JSON.stringify(x.Properties.FunctionVersion))).toContain(JSON.stringify(version));
      expect(dimensions.find((d) => d.Name === 'Resource')!.Value).toBe(`fp-prod-${f.spec.id}:live`);
    }
  });
});

it('break-glass: `-c rolloutAlarms=ignore` lets CodeDeploy shift every alias without watching the alarms (and nothing else changes)', () => {
  const s = variants.breakGlass;
  const groups = [...s.templates.values()].flatMap((t) => Object.values(resources(t, 'AWS::CodeDeploy::DeploymentGroup')));
  expect(groups).toHaveLength(s.functions.length);
  // The alarm stays listed (a later deploy without the switch watches it again); the group ignores it.
  for (const g of groups) expect(g.Properties.AlarmConfiguration).toMatchObject({ Enabled: false, Alarms: [expect.anything()] });
  for (const g of Object.values(resources(stages.prod.templateOf(stages.prod.functions[0]!), 'AWS::CodeDeploy::DeploymentGroup'))) {
    expect(g.Properties.AlarmConfiguration).toMatchObject({ Enabled: true });
  }
});

describe('prod: on-call hears when the jobs stop', () => {
  const alarms = () => Object.fromEntries(all('prod', 'AWS::CloudWatch::Alarm').map((a) => [String(a.Properties.AlarmName), a.Properties]));
  const rule = (name: string) => String(all('prod', 'AWS::CloudWatch::CompositeAlarm').find((c) => c.Properties.AlarmName === name)?.Properties.AlarmRule);

  it.each([
    ['daily-prediction-generation', 3600, 25, 'fp-prod-jobs'],
    ['result-ingestion', 1800, 2, 'fp-prod-jobs'],
    ['odds-scan', 900, 2, 'fp-prod-jobs'],
  ] as const)('pages when %s stops running: no run metric for %i s x %i, missing data counted as a missed run', (name, period, periods, composite) => {
    expect(alarms()[`fp-prod-NoRun-${name}`]).toMatchObject({
      Namespace: 'FootballPredictions/fp-prod',
      MetricName: 'ScheduledRuns',
      Dimensions: [{ Name: 'Schedule', Value: name }],
      Statistic: 'Sum',
      Period: period,
      EvaluationPeriods: periods,
      DatapointsToAlarm: periods,
      Threshold: 1,
      ComparisonOperator: 'LessThanThreshold',
      TreatMissingData: 'breaching',
    });
    expect(rule(composite)).toContain(`ALARM("fp-prod-NoRun-${name}")`);
  });

  it('watches every schedule and every scheduled function, each logging its heartbeat under its own name', () => {
    for (const name of [...schedules.map((x) => x.name), ...scheduled.map((t) => t.name)]) expect(alarms()[`fp-prod-NoRun-${name}`], name).toBeDefined();
    for (const f of stages.prod.functions.filter((x) => x.spec.kind === 'scheduled')) {
      const fn = Object.values(resources(stages.prod.templateOf(f), 'AWS::Lambda::Function')).find(
        (x) => x.Properties.FunctionName === `fp-prod-${f.spec.id}`,
      )!;
      expect((fn.Properties.Environment as { Variables: Record<string, string> }).Variables.SCHEDULE_NAME).toBe(f.spec.schedule!.name);
    }
  });

  it('watches nothing when the schedules are deployed disabled (nothing runs on purpose)', () => {
    const s = variants.schedulesDisabled;
    const names = [...s.templates.values()].flatMap((t) => Object.values(resources(t, 'AWS::CloudWatch::Alarm')).map((a) => String(a.Properties.AlarmName)));
    expect(names.filter((n) => n.includes('NoRun-'))).toEqual([]);
  });

  it(`counts refused Stripe webhook deliveries (400 on the webhook route, from the access log) and makes a billing ticket at ${WEBHOOK_REFUSED_PER_HOUR} an hour`, () => {
    const filters = all('prod', 'AWS::Logs::MetricFilter').filter((f) =>
      JSON.stringify(f.Properties.MetricTransformations).includes('WebhookSignatureRefused'),
    );
    expect(filters.map((f) => f.Properties.FilterPattern)).toEqual(['{ ($.status = "400") && ($.routeKey = "POST /api/stripe/webhook") }']);
    expect(alarms()['fp-prod-WebhookSignatureRefused']).toMatchObject({
      MetricName: 'WebhookSignatureRefused',
      Period: 3600,
      Threshold: WEBHOOK_REFUSED_PER_HOUR,
    });
    expect(rule('fp-prod-billing-tickets')).toContain('ALARM("fp-prod-WebhookSignatureRefused")');
  });
});

describe.each(['prod', 'staging'] as const)('%s: a first create that fails can be retried', (stage) => {
  /** Properties that give a resource a fixed physical name: a retained leftover blocks the retry with "already exists". */
  const NAME_PROPERTIES = ['TableName', 'BackupVaultName', 'LogGroupName', 'BucketName', 'QueueName', 'TopicName', 'FunctionName', 'RoleName', 'Name'];
  const everything = () =>
    [...stages[stage].templates].flatMap(([stack, t]) =>
      Object.entries((t.toJSON() as { Resources: Record<string, Resource> }).Resources).map(([id, r]) => ({ ...r, id: `${stack.node.path}/${id}` })),
    );

  it('retains no named resource when its first create fails: named ones are Retain on update and delete only', () => {
    const named = everything().filter((r) => NAME_PROPERTIES.some((p) => typeof r.Properties?.[p] === 'string'));
    expect(named.filter((r) => r.DeletionPolicy === 'Retain').map((r) => r.id)).toEqual([]);
    const byName = (prop: string, value: string) => named.find((r) => r.Properties[prop] === value)!;
    for (const r of [
      byName('TableName', `fp-${stage}-table`),
      byName('BackupVaultName', `fp-${stage}-backup`),
      byName('BackupVaultName', `fp-${stage}-backup-copy`),
      byName('LogGroupName', `aws-waf-logs-fp-${stage}`),
    ]) {
      expect(r.DeletionPolicy, r.id).toBe('RetainExceptOnCreate');
      expect(r.UpdateReplacePolicy, r.id).toBe('Retain');
    }
  });

  it('reads the web ACL (and an issued certificate) through strong references: CloudFront follows a change in the same deploy', () => {
    const site = JSON.stringify(stages[stage].templateOf(stages[stage].site).toJSON());
    expect(site).not.toMatch(/"StackName":"fp-[a-z]+-edge"/);
    expect(all(stage, 'Custom::CrossRegionExportReader').length).toBeGreaterThan(0);
    const [writer] = all(stage, 'Custom::CrossRegionExportWriter');
    const exported = JSON.stringify(writer!.Properties);
    expect(exported).toContain('"WebAcl","Arn"');
    if (stage === 'prod') expect(exported).toContain('"Ref":"Certificate4E7ABB08"');
  });

  it('keeps the outputs the previous release read by Fn::GetStackOutput, for one release (a rollback of the site stack reads them again)', () => {
    const outputs = (stages[stage].templateOf(stages[stage].edge!).toJSON() as { Outputs: Record<string, { Value: unknown }> }).Outputs;
    expect(outputs.PublishOutputFnGetAttWebAclArn773D5034?.Value).toEqual({ 'Fn::GetAtt': ['WebAcl', 'Arn'] });
    if (stage === 'prod') expect(outputs.PublishOutputRefCertificate4E7ABB08FF286F7F?.Value).toEqual({ Ref: 'Certificate4E7ABB08' });
    else expect(outputs.PublishOutputRefCertificate4E7ABB08FF286F7F).toBeUndefined(); // staging brings its own certificates
    expect(Object.keys(RETIRED_OUTPUTS).sort()).toEqual(['PublishOutputFnGetAttWebAclArn773D5034', 'PublishOutputRefCertificate4E7ABB08FF286F7F']);
  });
});

describe('prod: capacity for launch day', () => {
  it('reserves executions for the health probe, sign-in and the reads every page makes, and none for the rest', async () => {
    const { RESERVED_CONCURRENCY } = await import('../lib/capacity.ts');
    for (const f of stages.prod.functions) {
      const fn = Object.values(resources(stages.prod.templateOf(f), 'AWS::Lambda::Function')).find(
        (x) => x.Properties.FunctionName === `fp-prod-${f.spec.id}`,
      )!;
      expect(fn.Properties.ReservedConcurrentExecutions, f.spec.handler).toBe(RESERVED_CONCURRENCY[f.spec.handler]);
    }
    for (const handler of ['http/health/get', 'http/auth/login', 'http/auth/me', 'http/predictions/list', 'http/metrics/latest']) {
      expect(RESERVED_CONCURRENCY[handler], handler).toBeGreaterThan(0);
    }
  });

  it('bounds every SQS event source, and fits what is reserved and what the consumers may run in the quota the runbook asks for', async () => {
    const { LAMBDA_CONCURRENCY_QUOTA, SQS_CONCURRENCY_BUDGET } = await import('../lib/capacity.ts');
    const { concurrencyNeed, quotaProblems } = await import('../../functions/ops/concurrency-quota.ts');
    const need = concurrencyNeed([...stages.prod.templates.values()].map((t) => t.toJSON() as Parameters<typeof concurrencyNeed>[0][number]));
    expect(need.unbounded).toBe(0);
    expect(need.reserved).toBeGreaterThan(0);
    expect(need.queueConsumers).toBeLessThanOrEqual(SQS_CONCURRENCY_BUDGET);
    // The release command's pre-deploy check, on the synthesised templates: a fresh account of 10 fails, the quota asked for passes.
    expect(quotaProblems({ limit: 10, unreserved: 10, reservedByStage: 0 }, need)).toHaveLength(1);
    expect(quotaProblems({ limit: LAMBDA_CONCURRENCY_QUOTA, unreserved: LAMBDA_CONCURRENCY_QUOTA, reservedByStage: 0 }, need)).toEqual([]);
  });

  it("throttles the API stage no lower than the cost model's busiest modelled second", async () => {
    // @ts-expect-error: a plain .mjs module without types
    const { peakOriginPerSecond } = (await import('../../scripts/cost-model.mjs')) as { peakOriginPerSecond: () => number };
    const [stage] = all('prod', 'AWS::ApiGatewayV2::Stage');
    const throttle = stage!.Properties.DefaultRouteSettings as { ThrottlingRateLimit: number; ThrottlingBurstLimit: number };
    expect(peakOriginPerSecond()).toBeGreaterThan(400);
    expect(throttle.ThrottlingRateLimit).toBeGreaterThanOrEqual(peakOriginPerSecond());
    expect(throttle.ThrottlingBurstLimit).toBeGreaterThanOrEqual(2 * throttle.ThrottlingRateLimit);
  });
});

describe('cost: budgets above what the cost model expects', () => {
  it.each(['prod', 'staging'] as const)('%s: its default budget is above its modelled month at low traffic, with room for the 80 %% alert', async (stage) => {
    // @ts-expect-error: a plain .mjs module without types
    const model = (await import('../../scripts/cost-model.mjs')) as {
      idleStageMonthly: () => number;
      month: (visitors: number, cache: boolean) => { total: number };
    };
    const [budget] = all(stage, 'AWS::Budgets::Budget');
    const limit = (budget!.Properties.Budget as { BudgetLimit: { Amount: number } }).BudgetLimit.Amount;
    const estimate = stage === 'prod' ? model.month(10_000, true).total : model.idleStageMonthly();
    expect(estimate).toBeGreaterThan(30);
    expect(limit * 0.8).toBeGreaterThan(estimate);
  });
});
