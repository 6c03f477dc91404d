/**
 * What a first deploy of staging and prod needs from their templates, synthesised once per stage
 * from the real manifests (as `cdk synth` does, without the bundles): cfn-lint finds no error
 * (CloudFormation's own schemas), no way in around CloudFront and its WAF, no secret value in a
 * template, and monitoring that can be trusted (a canary, latency alarms, WAF logs, composites
 * CloudWatch accepts).
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '@app/functions/routes';
import { cfnLint, cfnLintVersion, type LintFinding } from '../lib/cfn-lint.ts';
import { MAX_COMPOSITE_CHILDREN } from '../lib/constructs/alarms.ts';
import { CANARY_PAGE } from '../lib/constructs/canary.ts';
import { API_LATENCY_P99_MS } from '../lib/stacks/api-stack.ts';
import { CONSUMER_LATENCY_SHARE } from '../lib/stacks/jobs-stack.ts';
import { WAF_REDACTED_HEADERS } from '../lib/stacks/edge-stack.ts';
import { EXECUTION_SERVICES } from '../lib/stacks/github-deploy-stack.ts';
import { prodContext, stagingContext, synthesise, type Resource, type Synthesised } from './helpers.ts';

interface Stage {
  s: Synthesised;
  dir: string;
  /** Every template file the synthesis wrote (nested ones included), parsed. */
  templates: Map<string, { Resources?: Record<string, Resource>; Outputs?: Record<string, { Value: unknown }> }>;
}

function synthStage(context: Record<string, unknown>): Stage {
  const dir = mkdtempSync(join(tmpdir(), `fp-${String(context.stage)}-`));
  const s = synthesise(context, { outdir: dir });
  s.app.synth();
  const files = readdirSync(dir).filter((f) => f.endsWith('.template.json'));
  return { s, dir, templates: new Map(files.map((f) => [f, JSON.parse(readFileSync(join(dir, f), 'utf8'))])) };
}

const stages: Record<'prod' | 'staging', Stage> = {} as never;
const RESTORED = 'fp-staging-restored-20261201';
beforeAll(() => {
  stages.prod = synthStage({ ...prodContext, githubRepo: 'acme/football' });
  // Staging as it is after a restore: switched to the restored table.
  stages.staging = synthStage({ ...stagingContext, alarmEmail: 'oncall@example.com', tableName: RESTORED });
}, 600_000);

const resourcesOf = (stage: Stage, type: string) =>
  [...stage.templates].flatMap(([file, t]) =>
    Object.entries(t.Resources ?? {})
      .filter(([, r]) => r.Type === type)
      .map(([id, r]) => ({ file, id, ...r })),
  );
/** Every key named `key` anywhere under `value`. */
const keysNamed = (value: unknown, key: string): unknown[] =>
  value && typeof value === 'object' ? Object.entries(value).flatMap(([k, v]) => [...(k === key ? [v] : []), ...keysNamed(v, key)]) : [];

const version = cfnLintVersion();
if (version) {
  describe(`cfn-lint (${version})`, () => {
    const findings = {} as Record<'prod' | 'staging', LintFinding[]>;
    beforeAll(async () => {
      // Each template against all three regions the stage deploys to (app, CloudFront's, the backup copy's):
      // a property one region's schema accepts and another's does not fails.
      // Both stages in one cfn-lint run (its start, loading the schemas, costs seconds of CPU); each
      // finding names its file, so each stage gets its own directory's.
      const regions = ['eu-west-2', 'us-east-1', 'eu-west-1'];
      const files = (stage: Stage) => [...stage.templates.keys()].map((f) => join(stage.dir, f));
      const all = await cfnLint([...files(stages.prod), ...files(stages.staging)], regions);
      for (const stage of ['prod', 'staging'] as const) findings[stage] = all.filter((f) => f.where.startsWith(join(stages[stage].dir, '/')));
      expect(findings.prod.length + findings.staging.length).toBe(all.length);
    }, 600_000); // about 12 s of CPU per stage; minutes on a busy 2-core machine

    it.each(['prod', 'staging'] as const)('finds no error in any template of %s', (stage) => {
      expect(stages[stage].templates.size).toBeGreaterThan(20); // the stacks and the nested route groups
      expect(findings[stage].filter((f) => f.level === 'Error')).toEqual([]);
    });

    it('fails on what CloudFormation refuses (Tags on a dashboard, the finding that stopped the first deploy)', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'fp-lint-'));
      const file = join(dir, 'bad.template.json');
      const dashboard = { Type: 'AWS::CloudWatch::Dashboard', Properties: { DashboardBody: '{"widgets":[]}', Tags: [{ Key: 'app', Value: 'x' }] } };
      writeFileSync(file, JSON.stringify({ Resources: { Dashboard: dashboard } }));
      // us-east-1's schema has no Tags on a dashboard (cfn-lint's default region, where the finding was made).
      expect((await cfnLint([file], ['us-east-1'])).map((f) => `${f.level} ${f.rule}`)).toEqual(['Error E3002']);
    });
  });
} else {
  // Not a skipped test: no test is registered. The deploy workflow installs cfn-lint and runs it.
  console.warn('cfn-lint is not installed here (pip install cfn-lint): the templates are not linted in this run; the deploy workflow lints them.');
}

describe.each(['prod', 'staging'] as const)('%s: one way in', (name) => {
  it("switches off the API's execute-api endpoint, serves it as api.<domain> only to CloudFront, and outputs no execute-api URL", () => {
    const stage = stages[name];
    const domain = name === 'prod' ? prodContext.domainName : stagingContext.domainName;
    const [api] = resourcesOf(stage, 'AWS::ApiGatewayV2::Api');
    expect(api!.Properties.DisableExecuteApiEndpoint).toBe(true);
    const [custom] = resourcesOf(stage, 'AWS::ApiGatewayV2::DomainName');
    expect(custom!.Properties).toMatchObject({
      DomainName: `api.${domain}`,
      DomainNameConfigurations: [expect.objectContaining({ EndpointType: 'REGIONAL', SecurityPolicy: 'TLS_1_2' })],
    });
    expect(resourcesOf(stage, 'AWS::ApiGatewayV2::ApiMapping')).toHaveLength(1);
    const [distribution] = resourcesOf(stage, 'AWS::CloudFront::Distribution');
    const origins = (distribution!.Properties.DistributionConfig as { Origins: Array<{ DomainName: unknown; CustomOriginConfig?: unknown }> }).Origins;
    expect(origins.filter((o) => o.CustomOriginConfig).map((o) => o.DomainName)).toEqual([`api.${domain}`]);
    // No output (or anything else) names an execute-api host: only Lambda permissions' ARNs mention the service.
    for (const [file, t] of stage.templates) {
      expect(JSON.stringify(t.Outputs ?? {}), file).not.toMatch(/execute-api|ApiEndpoint/);
      expect(JSON.stringify(t.Resources ?? {}), file).not.toMatch(/\.execute-api\./);
    }
  });

  it("alarms on the API's 4xx rate and on its 429s", () => {
    const alarms = resourcesOf(stages[name], 'AWS::CloudWatch::Alarm').map((a) => a.Properties);
    expect(alarms.find((a) => a.AlarmName === `fp-${name}-Api4xxRate`)).toBeDefined();
    expect(JSON.stringify(alarms.find((a) => a.AlarmName === `fp-${name}-Api4xxRate`)!.Metrics)).toMatch(/"MetricName":"4xx".*"MetricName":"Count"/);
    expect(alarms.find((a) => a.AlarmName === `fp-${name}-Api429`)).toMatchObject({ MetricName: 'ApiThrottled' });
    const filters = resourcesOf(stages[name], 'AWS::Logs::MetricFilter').filter((f) =>
      JSON.stringify(f.Properties.MetricTransformations).includes('ApiThrottled'),
    );
    expect(filters.map((f) => f.Properties.FilterPattern)).toEqual(['{ $.status = "429" }']);
  });
});

describe.each(['prod', 'staging'] as const)('%s: a pipeline that cannot be borrowed', (name) => {
  it('deploys every stack of the stage through the deploy role and the named execution role, never the CDK bootstrap roles', () => {
    const assembly = stages[name].s.app.synth();
    const stacks = assembly.stacks.filter((a) => a.stackName !== 'fp-github-deploy');
    expect(stacks.length).toBeGreaterThanOrEqual(8);
    for (const artifact of stacks) {
      expect(artifact.assumeRoleArn, artifact.stackName).toBe('arn:${AWS::Partition}:iam::123456789012:role/fp-deploy');
      expect(artifact.cloudFormationExecutionRoleArn, artifact.stackName).toBe('arn:${AWS::Partition}:iam::123456789012:role/fp-cfn-exec');
    }
  });
});

describe('the execution role', () => {
  /** CloudFormation's namespace of a resource type -> the IAM prefix of the service's actions. */
  const IAM_PREFIX: Record<string, string> = {
    ApiGatewayV2: 'apigateway',
    Backup: 'backup',
    Budgets: 'budgets',
    CertificateManager: 'acm',
    CloudFormation: 'cloudformation',
    CloudFront: 'cloudfront',
    CloudWatch: 'cloudwatch',
    CodeDeploy: 'codedeploy',
    DynamoDB: 'dynamodb',
    Events: 'events',
    IAM: 'iam',
    Lambda: 'lambda',
    Logs: 'logs',
    Route53: 'route53',
    S3: 's3',
    Scheduler: 'scheduler',
    SecretsManager: 'secretsmanager',
    SES: 'ses',
    SNS: 'sns',
    SQS: 'sqs',
    Synthetics: 'synthetics',
    WAFv2: 'wafv2',
  };

  it('may use the service of every resource type the stage templates create (custom resources run on Lambda)', () => {
    const types = new Set(
      [...stages.prod.templates, ...stages.staging.templates]
        .filter(([file]) => !file.startsWith('fp-github-deploy'))
        .flatMap(([, t]) => Object.values(t.Resources ?? {}).map((r) => r.Type)),
    );
    const services = [...types].filter((t) => t.startsWith('AWS::') && t !== 'AWS::CDK::Metadata').map((t) => t.split('::')[1]!);
    for (const service of new Set(services)) expect(EXECUTION_SERVICES, service).toContain(IAM_PREFIX[service]);
    if ([...types].some((t) => t.startsWith('Custom::'))) expect(EXECUTION_SERVICES).toContain('lambda');
  });
});

describe.each(['prod', 'staging'] as const)('%s: secrets outside the template', (name) => {
  it('writes no secret value into any template: every secret is generated or put by an operator', () => {
    const stage = stages[name];
    for (const [file, t] of stage.templates) expect(keysNamed(t.Resources, 'SecretString'), file).toEqual([]);
    const secrets = resourcesOf(stage, 'AWS::SecretsManager::Secret');
    expect(secrets).toHaveLength(4);
    for (const secret of secrets) expect(secret.Properties.GenerateSecretString, secret.id).toBeDefined();
    // The two an operator fills in start as their JSON shape with empty fields.
    const templates = secrets
      .map((x) => (x.Properties.GenerateSecretString as { SecretStringTemplate?: string }).SecretStringTemplate)
      .filter(Boolean)
      .sort();
    expect(templates).toEqual(['{"apiFootballKey":"","oddsApiKey":""}', '{"secretKey":"","webhookSecret":""}']);
  });
});

describe('staging switched to a restored table', () => {
  it('backs the restored table up daily with the original, points the DynamoDB alarm at it, and gives it to every function', () => {
    const stage = stages.staging;
    const [selection] = resourcesOf(stage, 'AWS::Backup::BackupSelection');
    const listed = JSON.stringify((selection!.Properties.BackupSelection as { Resources: unknown[] }).Resources);
    expect(listed).toContain(`:table/${RESTORED}`);
    expect(listed).toContain('"Fn::GetAtt":["DataTable'); // the data stack's own table, still protected
    const throttles = resourcesOf(stage, 'AWS::CloudWatch::Alarm').find((a) => a.Properties.AlarmName === 'fp-staging-DynamoDbThrottles')!;
    expect(JSON.stringify(throttles.Properties.Metrics)).toContain(`{"Name":"TableName","Value":"${RESTORED}"}`);
    for (const fn of resourcesOf(stage, 'AWS::Lambda::Function').filter(
      (f) => (f.Properties.Environment as { Variables?: { TABLE_NAME?: string } } | undefined)?.Variables?.TABLE_NAME,
    )) {
      expect((fn.Properties.Environment as { Variables: { TABLE_NAME: string } }).Variables.TABLE_NAME, fn.id).toBe(RESTORED);
    }
  });
});

describe('prod: monitoring you can trust', () => {
  const alarms = () => resourcesOf(stages.prod, 'AWS::CloudWatch::Alarm').map((a) => a.Properties);
  const composites = () => resourcesOf(stages.prod, 'AWS::CloudWatch::CompositeAlarm').map((c) => c.Properties);
  const childrenOf = (rule: unknown) => [...String(rule).matchAll(/ALARM\("([^"]+)"\)/g)].map((m) => m[1]!);

  it(`keeps every composite alarm within CloudWatch's ${MAX_COMPOSITE_CHILDREN} children, and every metric alarm under exactly one notifying composite`, () => {
    for (const c of composites()) expect(childrenOf(c.AlarmRule).length, String(c.AlarmName)).toBeLessThanOrEqual(MAX_COMPOSITE_CHILDREN);
    const byName = new Map(composites().map((c) => [String(c.AlarmName), c]));
    const leaves = (name: string): string[] => (byName.has(name) ? childrenOf(byName.get(name)!.AlarmRule).flatMap(leaves) : [name]);
    const notifying = composites().filter((c) => Array.isArray(c.AlarmActions) && c.AlarmActions.length > 0);
    const reached = notifying.flatMap((c) => leaves(String(c.AlarmName)));
    // Outside the composites: the CloudFront alarm (forwarded from us-east-1), and each function's
    // new-version alarm, which only gates CodeDeploy (its errors are also the function's errors alarm's).
    const metricAlarms = alarms()
      .map((a) => String(a.AlarmName))
      .filter((n) => n !== 'fp-prod-CloudFront5xxRate' && !n.endsWith('-new-version-errors'));
    expect(alarms().filter((a) => String(a.AlarmName).endsWith('-new-version-errors'))).toHaveLength(stages.prod.s.functions.length);
    expect([...reached].sort()).toEqual([...metricAlarms].sort());
  });

  it('pages only for what hurts users now (the paging topic), and makes tickets of the rest (the stage topic only)', () => {
    const page = composites().find((c) => c.AlarmName === 'fp-prod-api')!;
    const ticket = composites().find((c) => c.AlarmName === 'fp-prod-api-tickets')!;
    expect(childrenOf(page.AlarmRule).sort()).toEqual([
      'fp-prod-Api5xx',
      'fp-prod-ApiLatencyP99',
      'fp-prod-CanaryFailed',
      'fp-prod-DynamoDbThrottles',
      'fp-prod-FailedLoginBurst',
    ]);
    expect(ticket.AlarmActions).toEqual(['arn:aws:sns:eu-west-2:123456789012:fp-prod-alarms']);
    expect(
      composites()
        .map((c) => c.AlarmName)
        .filter((n) => !String(n).endsWith('-tickets') && /^fp-prod-[a-z]+$/.test(String(n)))
        .sort(),
    ).toEqual(['fp-prod-api', 'fp-prod-email', 'fp-prod-jobs']);
    // The jobs area pages only when a schedule stops running (its heartbeat); the rest of it makes tickets.
    expect(childrenOf(composites().find((c) => c.AlarmName === 'fp-prod-jobs')!.AlarmRule).every((n) => n.startsWith('fp-prod-NoRun-'))).toBe(true);
  });

  it(`alarms on the API's p99 latency (${API_LATENCY_P99_MS} ms) and on each job consumer's p99 near its timeout`, () => {
    expect(alarms().find((a) => a.AlarmName === 'fp-prod-ApiLatencyP99')).toMatchObject({
      MetricName: 'Latency',
      ExtendedStatistic: 'p99',
      Threshold: API_LATENCY_P99_MS,
      EvaluationPeriods: 3,
    });
    const consumers = stages.prod.s.functions.filter((f) => f.spec.kind === 'consumer');
    expect(consumers.length).toBeGreaterThan(5);
    for (const f of consumers) {
      const alarm = alarms().find((a) => a.AlarmName === `fp-prod-${f.spec.id}-p99`);
      expect(alarm, f.spec.handler).toMatchObject({
        MetricName: 'Duration',
        ExtendedStatistic: 'p99',
        Threshold: CONSUMER_LATENCY_SHARE * f.spec.timeoutSeconds * 1000,
      });
    }
  });

  it('checks the health endpoint and one page from outside every 5 minutes, and pages when two runs in a row fail', () => {
    const [canary] = resourcesOf(stages.prod, 'AWS::Synthetics::Canary');
    expect(canary!.Properties).toMatchObject({
      Name: 'fp-prod-site',
      Schedule: { Expression: 'rate(5 minutes)' },
      RunConfig: expect.objectContaining({ EnvironmentVariables: { SITE_URL: 'https://predictions.example.com' } }),
    });
    const script = (canary!.Properties.Code as { Script: string }).Script;
    expect(script).toContain("'/api/health'");
    expect(script).toContain(CANARY_PAGE.path);
    expect(alarms().find((a) => a.AlarmName === 'fp-prod-CanaryFailed')).toMatchObject({
      MetricName: 'SuccessPercent',
      Namespace: 'CloudWatchSynthetics',
      EvaluationPeriods: 2,
      TreatMissingData: 'breaching',
    });
  });

  it('logs every request the WAF judged to an aws-waf-logs- log group with a retention, cookies redacted', () => {
    const [logging] = resourcesOf(stages.prod, 'AWS::WAFv2::LoggingConfiguration');
    expect(JSON.stringify(logging!.Properties.LogDestinationConfigs)).toContain(':log-group:aws-waf-logs-fp-prod"');
    expect(logging!.Properties.RedactedFields).toEqual(WAF_REDACTED_HEADERS.map((Name) => ({ SingleHeader: { Name } })));
    const group = resourcesOf(stages.prod, 'AWS::Logs::LogGroup').find((g) => g.Properties.LogGroupName === 'aws-waf-logs-fp-prod');
    expect(group!.Properties.RetentionInDays).toBe(90);
  });

  it('matches the WAF path rules on the URL-decoded, lower-cased path', () => {
    const [acl] = resourcesOf(stages.prod, 'AWS::WAFv2::WebACL');
    const matches = keysNamed(acl!.Properties.Rules, 'ByteMatchStatement') as Array<{
      FieldToMatch: Record<string, unknown>;
      SearchString: string;
      TextTransformations: unknown;
    }>;
    const paths = matches.filter((m) => 'UriPath' in m.FieldToMatch);
    expect(paths.map((m) => m.SearchString)).toEqual(expect.arrayContaining(routes.filter((r) => r.password).map((r) => r.path)));
    for (const m of paths) {
      expect(m.TextTransformations).toEqual([
        { Priority: 0, Type: 'URL_DECODE' },
        { Priority: 1, Type: 'LOWERCASE' },
      ]);
      expect(m.SearchString).toBe(m.SearchString.toLowerCase());
    }
  });
});
