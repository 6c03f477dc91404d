/**
 * Prod with everything switched on (custom domain, alarm email, web upload), its schedules
 * deployed disabled (`-c schedules=disabled`, a first deploy before the provider keys), and a manifest that
 * uses what routes.ts may not yet: a consumer on every queue, handlers shared by routes, queue
 * and Stripe capabilities. Synthesised once.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { deadLetterQueueName, EMAIL_QUEUES, queueNames, queues, VISIBILITY_FACTOR } from '@app/events/queues';
import { areaOf } from '../lib/manifest.ts';
import { routeKey } from '@app/functions/routes';
import { SQS_MIN_MAX_CONCURRENCY } from '../lib/constructs/jobs.ts';
import { CONFIGURATION_ERROR_FIELD } from '../lib/stacks/jobs-stack.ts';
import { CLOUDFRONT_FUNCTION_MAX_BYTES } from '../lib/spa-rewrite.ts';
import { APP_SHELL, SITE_ROUTES } from '@app/functions/web-pages';
import { HASHED_ASSETS, IMMUTABLE, REVALIDATE } from '../lib/constructs/web.ts';
import { API_RATE_LIMIT, AUTH_RATE_LIMIT } from '../lib/stacks/edge-stack.ts';
import {
  actionsOf,
  allResources,
  fixtureConsumers,
  fixtureRoutes,
  fixtureWebDist,
  logicalId,
  prodContext,
  refId,
  resources,
  statementsOfRole,
  synthesise,
  type Synthesised,
} from './helpers.ts';

let s: Synthesised;
const T = { data: () => s.templateOf(s.data), site: () => s.templateOf(s.site), jobs: () => s.templateOf(s.jobs) };
beforeAll(() => {
  s = synthesise({ ...prodContext, schedules: 'disabled' }, { routes: fixtureRoutes, consumers: fixtureConsumers, webDist: fixtureWebDist() });
});

const consumerOf = (queue: string) => s.functions.find((f) => f.spec.queue === queue)!;

describe('prod data safety', () => {
  it('turns on termination protection for every stack that holds data or serves users', () => {
    for (const stack of s.stacks.filter((x) => x !== s.edgeAlarms)) expect(stack.terminationProtection, stack.stackName).toBe(true);
  });

  it('backs the table up daily for 35 days, copied to the backup region', () => {
    const plan = Object.values(resources(T.data(), 'AWS::Backup::BackupPlan'))[0]!.Properties.BackupPlan as { BackupPlanRule: Array<Record<string, unknown>> };
    expect(plan.BackupPlanRule).toHaveLength(1);
    expect(plan.BackupPlanRule[0]).toMatchObject({ ScheduleExpression: 'cron(0 3 * * ? *)', Lifecycle: { DeleteAfterDays: 35 } });
    expect(JSON.stringify(plan.BackupPlanRule[0]!.CopyActions)).toContain(':backup:eu-west-1:123456789012:backup-vault:fp-prod-backup-copy');
    const selection = Object.values(resources(T.data(), 'AWS::Backup::BackupSelection'))[0]!;
    expect(JSON.stringify(selection.Properties)).toContain(logicalId(s.data.data.table));
    expect(s.backupCopy.region).toBe('eu-west-1');
    s.templateOf(s.backupCopy).hasResourceProperties('AWS::Backup::BackupVault', { BackupVaultName: 'fp-prod-backup-copy' });
  });

  it('keeps every version of the site files (a previous SPA can be restored) for 90 days', () => {
    const bucket = resources(T.site(), 'AWS::S3::Bucket')[logicalId(s.site.web.siteBucket)]!;
    expect(bucket.Properties.VersioningConfiguration).toEqual({ Status: 'Enabled' });
    expect(JSON.stringify(bucket.Properties.LifecycleConfiguration)).toContain('"NoncurrentDays":90');
  });

  it('deploys every function through its live alias with a CodeDeploy canary that rolls back on its alarms', () => {
    for (const f of s.functions) {
      const groups = Object.values(resources(s.templateOf(f), 'AWS::CodeDeploy::DeploymentGroup')).filter((g) =>
        JSON.stringify(g.Properties).includes(logicalId(f.newVersionErrors)),
      );
      expect(groups, f.spec.handler).toHaveLength(1);
      expect(groups[0]!.Properties).toMatchObject({
        DeploymentConfigName: 'CodeDeployDefault.LambdaCanary10Percent5Minutes',
        AutoRollbackConfiguration: { Enabled: true, Events: expect.arrayContaining(['DEPLOYMENT_STOP_ON_ALARM']) },
      });
      const alias = resources(s.templateOf(f), 'AWS::Lambda::Alias')[logicalId(f.alias)]!;
      expect(alias.Properties.Name).toBe('live');
      expect(JSON.stringify(alias)).toContain('CodeDeployLambdaAliasUpdate');
    }
  });

  it('protects and retains the table (on update and delete; a failed first create removes it, empty, so that the retry can reuse its name)', () => {
    const [table] = Object.values(resources(T.data(), 'AWS::DynamoDB::Table'));
    expect(table!.Properties.DeletionProtectionEnabled).toBe(true);
    expect(table!.DeletionPolicy).toBe('RetainExceptOnCreate');
    expect(table!.UpdateReplacePolicy).toBe('Retain');
  });

  it('retains secrets and buckets, and keeps logs 90 days', () => {
    for (const [type, template] of [
      ['AWS::SecretsManager::Secret', T.data()],
      ['AWS::S3::Bucket', T.site()],
    ] as const) {
      for (const [id, r] of Object.entries(resources(template, type))) expect(r.DeletionPolicy, id).toBe('Retain');
    }
    T.site().resourceCountIs('Custom::S3AutoDeleteObjects', 0);
    for (const f of s.functions) {
      expect(resources(s.templateOf(f), 'AWS::Logs::LogGroup')[logicalId(f.logGroup)]!.Properties.RetentionInDays).toBe(90);
    }
  });
});

describe('consumers', () => {
  it.each(queueNames)('%s: batch size and maximum concurrency from queues.ts, partial batch failures', (queue) => {
    const fnId = logicalId(consumerOf(queue).fn);
    const aliasId = logicalId(consumerOf(queue).alias);
    const mapping = Object.values(resources(T.jobs(), 'AWS::Lambda::EventSourceMapping')).find((m) =>
      JSON.stringify(m.Properties.FunctionName).includes(`"Ref":"${aliasId}"`),
    );
    expect(mapping!.Properties).toMatchObject({
      BatchSize: queues[queue].batchSize,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      ScalingConfig: { MaximumConcurrency: Math.max(SQS_MIN_MAX_CONCURRENCY, queues[queue].maxConcurrency) },
    });
    const fn = resources(T.jobs(), 'AWS::Lambda::Function')[fnId]!;
    expect(fn.Properties.Timeout).toBe(queues[queue].consumerTimeoutSeconds);
    const sqsQueue = resources(T.jobs(), 'AWS::SQS::Queue')[refId(mapping!.Properties.EventSourceArn)!]!;
    expect(sqsQueue.Properties.QueueName).toBe(`fp-prod-${queue}`);
    expect(sqsQueue.Properties.VisibilityTimeout).toBeGreaterThanOrEqual(VISIBILITY_FACTOR * (fn.Properties.Timeout as number));
  });

  it('lets each consumer dead-letter a malformed message into its own DLQ only, and read the provider keys if it uses them', () => {
    const dlqIds = Object.fromEntries(Object.entries(resources(T.jobs(), 'AWS::SQS::Queue')).map(([id, q]) => [q.Properties.QueueName as string, id]));
    for (const queue of queueNames) {
      const f = consumerOf(queue);
      const dlqStatement = statementsOfRole(s.templateOf(f), logicalId(f.role)).find((st) => st.Sid === 'DeadLetterPoisonMessages');
      expect(refId(dlqStatement!.Resource)).toBe(dlqIds[`fp-prod-${deadLetterQueueName(queue)}`]);
      expect(JSON.stringify(statementsOfRole(s.templateOf(f), logicalId(f.role))).includes(logicalId(s.data.secrets.providers))).toBe(
        f.spec.uses.includes('providers'),
      );
    }
  });

  const filtersOf = (metricName: string) =>
    Object.values(resources(T.jobs(), 'AWS::Logs::MetricFilter')).filter(
      (f) => (f.Properties.MetricTransformations as Array<{ MetricName: string }>)[0]!.MetricName === metricName,
    );
  const logGroupsOf = (area: 'jobs' | 'email') =>
    s.functions
      .filter((f) => f.spec.kind === 'consumer' && areaOf(f.spec) === area)
      .map((f) => logicalId(f.logGroup))
      .sort();

  it('counts failed records of the job consumers and of the email consumers apart, and alarms on the first of each', () => {
    // The job queues' consumers and the dead-letter consumer; an email it records is the email area's.
    expect(
      filtersOf('FailedJobRecords')
        .map((f) => refId(f.Properties.LogGroupName))
        .sort(),
    ).toEqual(logGroupsOf('jobs'));
    for (const filter of filtersOf('FailedJobRecords'))
      expect(filter.Properties.FilterPattern).toBe('{ ($.level = "ERROR") && ($.emailDeadLetter NOT EXISTS) }');
    expect(
      filtersOf('FailedEmailRecords')
        .map((f) => refId(f.Properties.LogGroupName))
        .sort(),
    ).toEqual(logGroupsOf('email'));
    expect(filtersOf('EmailDeadLetters').map((f) => refId(f.Properties.LogGroupName))).toEqual([
      logicalId(s.functions.find((f) => f.spec.handler === 'consumers/dead-letters')!.logGroup),
    ]);
    for (const name of ['FailedJobRecords', 'FailedEmailRecords', 'EmailDeadLetters'])
      T.jobs().hasResourceProperties('AWS::CloudWatch::Alarm', { MetricName: name, Threshold: 1 });
  });

  it('counts configuration errors (`"configurationError": true`) from every consumer log group and alarms on the first, to the topic', () => {
    const filters = filtersOf('PipelineConfigurationErrors');
    expect(filters.map((f) => refId(f.Properties.LogGroupName)).sort()).toEqual(logGroupsOf('jobs'));
    for (const filter of filters) {
      expect(filter.Properties.FilterPattern).toBe(`{ $.${CONFIGURATION_ERROR_FIELD} IS TRUE }`);
      expect(filter.Properties.MetricTransformations).toEqual([expect.objectContaining({ MetricValue: '1', DefaultValue: 0 })]);
    }
    const alarm = Object.values(resources(T.jobs(), 'AWS::CloudWatch::Alarm')).find((a) => a.Properties.MetricName === 'PipelineConfigurationErrors')!;
    expect(alarm.Properties).toMatchObject({ Threshold: 1, ComparisonOperator: 'GreaterThanOrEqualToThreshold', Statistic: 'Sum', Period: 300 });
    const jobsArea = Object.values(resources(s.templateOf(s.monitoring), 'AWS::CloudWatch::CompositeAlarm')).find(
      (c) => c.Properties.AlarmName === 'fp-prod-jobs-tickets',
    )!;
    expect(String(jobsArea.Properties.AlarmRule)).toContain(`ALARM("${alarm.Properties.AlarmName}")`);
  });
});

describe('functions generated from a richer manifest', () => {
  it('serves routes that share a handler from one function, sized for the most demanding route', () => {
    const list = s.functions.filter((f) => f.spec.handler === 'http/predictions/list');
    expect(list).toHaveLength(1);
    expect(list[0]!.spec.routes.map(routeKey)).toEqual(['GET /api/predictions', 'GET /api/predictions/{id}']);
    expect(resources(s.templateOf(list[0]!), 'AWS::Lambda::Function')[logicalId(list[0]!.fn)]!.Properties.Timeout).toBe(20);
    const apiRoutes = Object.values(allResources(s, 'AWS::ApiGatewayV2::Route')).map((r) => r.Properties.RouteKey);
    expect(apiRoutes.sort()).toEqual(fixtureRoutes.map(routeKey).sort());
  });

  it('lets only queue-using functions send, to the job queues and never to a DLQ or the email queue', () => {
    const workQueueIds = Object.entries(resources(T.jobs(), 'AWS::SQS::Queue'))
      .filter(([, q]) => queueNames.some((n) => !EMAIL_QUEUES.includes(n) && q.Properties.QueueName === `fp-prod-${n}`))
      .map(([id]) => id);
    for (const f of s.functions) {
      const enqueue = statementsOfRole(s.templateOf(f), logicalId(f.role)).find((st) => st.Sid === 'EnqueueJobs');
      expect(Boolean(enqueue), f.spec.id).toBe(f.spec.uses.includes('queue'));
      if (enqueue) {
        expect(actionsOf(enqueue)).toEqual(['sqs:SendMessage']);
        // Same stack: a GetAtt; a nested stack: a parameter named after the queue.
        expect(enqueue.Resource as unknown[]).toHaveLength(workQueueIds.length);
        for (const id of workQueueIds) expect(JSON.stringify(enqueue.Resource), f.spec.id).toContain(id);
      }
    }
  });

  it('passes the Stripe price from context, and no admin emails', () => {
    const webhook = s.functions.find((f) => f.spec.uses.includes('stripe') && f.spec.kind === 'http')!;
    const vars = (
      resources(s.templateOf(webhook), 'AWS::Lambda::Function')[logicalId(webhook.fn)]!.Properties.Environment as { Variables: Record<string, unknown> }
    ).Variables;
    expect(vars).toMatchObject({ STAGE: 'prod', STRIPE_PRICE_ID: 'price_123', APP_ORIGIN: 'https://predictions.example.com' });
    expect(vars).not.toHaveProperty('ADMIN_EMAILS');
  });
});

describe('custom domain', () => {
  it('serves the domain with a TLS 1.2 policy and points DNS at the distribution', () => {
    const config = Object.values(resources(T.site(), 'AWS::CloudFront::Distribution'))[0]!.Properties.DistributionConfig as Record<string, unknown>;
    expect(config.Aliases).toEqual(['predictions.example.com']);
    expect(config.ViewerCertificate).toMatchObject({ MinimumProtocolVersion: 'TLSv1.2_2021', SslSupportMethod: 'sni-only' });
    expect(JSON.stringify(config.ViewerCertificate)).toMatch(/"AcmCertificateArn":\{"Fn::GetAtt":\["ExportsReader\w+"/);
    expect(JSON.stringify(config.WebACLId)).toMatch(/^\{"Fn::GetAtt":\["ExportsReader\w+"/);
    // The site's A and AAAA aliases, and api.<domain>'s onto the API's regional custom domain.
    T.site().resourceCountIs('AWS::Route53::RecordSet', 3);
    T.site().hasResourceProperties('AWS::Route53::RecordSet', { Name: 'api.predictions.example.com.', Type: 'A' });
    const outputs = T.site().toJSON().Outputs as Record<string, { Value: unknown }>;
    expect(outputs.SiteUrl!.Value).toBe('https://predictions.example.com');
    expect(outputs.ApiUrl!.Value).toBe('https://predictions.example.com/api');
  });

  it('issues the certificate in us-east-1, validated in the hosted zone', () => {
    expect(s.edge!.region).toBe('us-east-1');
    s.edgeTemplate!.hasResourceProperties('AWS::CertificateManager::Certificate', {
      DomainName: 'predictions.example.com',
      ValidationMethod: 'DNS',
      DomainValidationOptions: [{ DomainName: 'predictions.example.com', HostedZoneId: 'Z0123456789ABCDEFGHIJ' }],
    });
  });
});

describe('WAF (edge stack)', () => {
  const rules = () =>
    Object.values(resources(s.edgeTemplate!, 'AWS::WAFv2::WebACL'))[0]!.Properties.Rules as Array<{ Name: string; Statement: Record<string, unknown> }>;

  it('rate-limits per client IP only the password-bearing POSTs, never /api/auth/me or logout', () => {
    const rule = rules().find((r) => r.Name === 'RateLimitAuth')!;
    expect(rule.Statement.RateBasedStatement).toMatchObject({ Limit: AUTH_RATE_LIMIT, AggregateKeyType: 'IP' });
    type Match = { ByteMatchStatement: { SearchString: string; PositionalConstraint: string; FieldToMatch: object } };
    type Statement = Match & { OrStatement?: { Statements: Match[] } };
    const [method, paths] = (rule.Statement.RateBasedStatement as { ScopeDownStatement: { AndStatement: { Statements: Statement[] } } }).ScopeDownStatement
      .AndStatement.Statements;
    expect(method!.ByteMatchStatement).toMatchObject({ FieldToMatch: { Method: {} }, SearchString: 'POST', PositionalConstraint: 'EXACTLY' });
    const matchers: Match[] = paths!.OrStatement?.Statements ?? [paths!];
    for (const st of matchers) expect(st.ByteMatchStatement.PositionalConstraint).toBe('EXACTLY');
    expect(matchers.map((st) => st.ByteMatchStatement.SearchString).sort()).toEqual(
      fixtureRoutes
        .filter((r) => r.password)
        .map((r) => r.path)
        .sort(),
    );
  });

  it('rate-limits per client IP the API and the pages a function serves (each miss at the edge runs one): /teams/*, /sitemap.xml, not the bucket', () => {
    const rule = rules().find((r) => r.Name === 'RateLimitApi')!;
    expect(rule.Statement.RateBasedStatement).toMatchObject({ Limit: API_RATE_LIMIT, AggregateKeyType: 'IP' });
    const scope = JSON.stringify((rule.Statement.RateBasedStatement as { ScopeDownStatement: unknown }).ScopeDownStatement);
    for (const prefix of ['/api/', ...fixtureRoutes.filter((r) => !r.path.startsWith('/api/')).map((r) => r.path.replace(/\{.*$/, ''))])
      expect(scope).toContain(`"SearchString":"${prefix}"`);
    expect(scope).not.toContain('"SearchString":"/"');
  });

  it('keeps body-inspecting managed rules away from raw-body (signed) routes', () => {
    const common = rules().find((r) => r.Name === 'AWSManagedRulesCommonRuleSet')!;
    expect(JSON.stringify(common.Statement)).toContain('"SearchString":"/api/stripe/webhook"');
    expect(JSON.stringify(common.Statement)).toContain('NotStatement');
  });

  it('is CLOUDFRONT-scoped', () => {
    s.edgeTemplate!.hasResourceProperties('AWS::WAFv2::WebACL', { Scope: 'CLOUDFRONT', DefaultAction: { Allow: {} } });
  });
});

describe('schedules deployed disabled', () => {
  it('deploys every job and task schedule DISABLED, still targeting its queue or function', () => {
    const all = Object.values(resources(T.jobs(), 'AWS::Scheduler::Schedule'));
    expect(all).toHaveLength(s.jobs.jobs.schedules.length + s.jobs.scheduled.schedules.length);
    expect(s.jobs.jobs.schedules.length).toBeGreaterThan(0);
    expect(s.jobs.scheduled.schedules.length).toBeGreaterThan(0);
    for (const r of all) {
      expect(r.Properties.State, r.Properties.Name as string).toBe('DISABLED');
      expect((r.Properties.Target as { Arn: unknown }).Arn).toBeDefined();
    }
  });
});

describe('web upload', () => {
  it("answers S3 misses with 404 and HTML from the S3 behaviour's function, knowing the uploaded files; /api/* keeps its own answers", () => {
    const fn = resources(T.site(), 'AWS::CloudFront::Function')[logicalId(s.site.web.spaRewrite)]!;
    const code = fn.Properties.FunctionCode as string;
    expect(Buffer.byteLength(code)).toBeLessThanOrEqual(CLOUDFRONT_FUNCTION_MAX_BYTES);
    const handler = new Function(`${code}; return handler;`)() as (e: { request: { uri: string } }) => { statusCode?: number; uri?: string };
    expect(handler({ request: { uri: '/favicon.svg' } })).toEqual({ uri: '/favicon.svg' });
    expect(handler({ request: { uri: '/missing.png' } }).statusCode).toBe(404);
    // The 404 mapping: every page of the site's route list is served, any other path is a real 404.
    for (const pattern of Object.values(SITE_ROUTES))
      expect(handler({ request: { uri: pattern.replace(':fixtureId', 'fx1') } }).statusCode, pattern).toBeUndefined();
    expect(handler({ request: { uri: '/predictions/fx1' } })).toEqual({ uri: '/match.html' });
    expect(handler({ request: { uri: '/pricing' } })).toEqual({ uri: APP_SHELL });
    expect(handler({ request: { uri: '/no-such-page' } }).statusCode).toBe(404);
    const distribution = Object.values(resources(T.site(), 'AWS::CloudFront::Distribution'))[0]!.Properties.DistributionConfig as {
      CacheBehaviors: Array<{ PathPattern: string; FunctionAssociations?: unknown }>;
      CustomErrorResponses?: unknown;
    };
    for (const b of distribution.CacheBehaviors) expect(b.FunctionAssociations, b.PathPattern).toBeUndefined();
    expect(distribution.CustomErrorResponses).toBeUndefined();
  });

  const deployments = () => Object.values(resources(T.site(), 'Custom::CDKBucketDeployment'));

  it('uploads hashed assets with a one-year immutable cache and never prunes them', () => {
    const assets = deployments().find((d) => JSON.stringify(d.Properties.Include ?? []).includes(HASHED_ASSETS))!;
    expect(assets.Properties).toMatchObject({ Exclude: ['*'], Include: [HASHED_ASSETS], Prune: false, SystemMetadata: { 'cache-control': IMMUTABLE } });
  });

  it('uploads index.html and the other unhashed files revalidated on every load, then invalidates CloudFront', () => {
    const shell = deployments().find((d) => JSON.stringify(d.Properties.Exclude ?? []) === JSON.stringify([HASHED_ASSETS]))!;
    expect(shell.Properties).toMatchObject({
      Prune: true,
      SystemMetadata: { 'cache-control': REVALIDATE },
      DistributionId: expect.anything(),
      DistributionPaths: ['/*'],
    });
  });

  it('subscribes the alarm email', () => {
    T.data().hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'oncall@example.com' });
  });
});
