/**
 * The dev stage's stacks built from the real manifests (functions/src/routes.ts, events/src/queues.ts
 * and schedules.ts, the shared table definition), synthesised once.
 */
import { Match } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { tableDefinition } from '@app/adapters/dynamodb/table-definition';
import { JobRequestedSchema } from '@app/events/job.requested';
import { deadLetterQueueName, MAX_RECEIVE_COUNT, queueNames, queues, VISIBILITY_FACTOR } from '@app/events/queues';
import { schedules, toAwsCron } from '@app/events/schedules';
import { routeKey, routes } from '@app/functions/routes';
import { contentSecurityPolicy, securityHeaders } from '@app/functions/security-headers';
import { readFileSync } from 'node:fs';
import { MAX_RESOURCES_PER_STACK } from '../lib/app.ts';
import { FACT_DOCS, FACTS_FILE, factsBlock, factsOf, renderFacts } from '../lib/template-facts.ts';
import { TABLE_READ_ACTIONS } from '../lib/constructs/data.ts';
import { verifiesSessions } from '../lib/functions.ts';
import { FAILED_LOGIN_BURST } from '../lib/stacks/api-stack.ts';
import { actionsOf, allResources, logicalId, refId, resources, statementsOfRole, synthesise, type Synthesised } from './helpers.ts';

const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
const ALL_VIEWER_EXCEPT_HOST_HEADER = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';

let s: Synthesised;
type Fn = Synthesised['functions'][number];
const fnIdOf = (f: Fn) => logicalId(f.fn);
/** The alias an event source mapping invokes (`<alias ARN's function name>:live`). */
const aliasOf = (mapping: { Properties: Record<string, unknown> }) => /"Ref":"(\w+)"/.exec(JSON.stringify(mapping.Properties.FunctionName))?.[1];
const roleId = (f: Fn) => logicalId(f.role);

beforeAll(() => {
  s = synthesise();
});
/** The template of each top-level stack. */
const T = {
  data: () => s.templateOf(s.data),
  site: () => s.templateOf(s.site),
  jobs: () => s.templateOf(s.jobs),
  api: () => s.templateOf(s.api),
  monitoring: () => s.templateOf(s.monitoring),
};

describe('stacks', () => {
  it(`keeps every stack, nested ones included, under ${MAX_RESOURCES_PER_STACK} resources (CloudFormation refuses 500)`, () => {
    expect(s.templates.size).toBeGreaterThan(s.stacks.length); // the route groups are nested stacks
    for (const [stack, template] of s.templates) {
      expect(Object.keys(template.toJSON().Resources ?? {}).length, stack.node.path).toBeLessThanOrEqual(MAX_RESOURCES_PER_STACK);
    }
  });

  it('puts each route group in a nested stack of the api stack, and reads other stacks through Fn::GetStackOutput, never an export', () => {
    const groups = [...new Set(routes.map((r) => r.handler.split('/')[1]))].sort();
    expect([...s.api.groups.keys()].sort()).toEqual(groups);
    for (const [stack, template] of s.templates) {
      const json = JSON.stringify(template.toJSON());
      expect(json, stack.node.path).not.toContain('Fn::ImportValue');
      expect(template.toJSON().Outputs ?? {}, stack.node.path).not.toSatisfy((o: object) => Object.values(o).some((x) => 'Export' in x));
    }
  });
});

describe('the documentation', () => {
  it("states the counts of the synthesized templates (docs/template-facts.json and each doc's block; `npm run facts` updates them)", () => {
    const facts = factsOf('dev', [...s.templates.keys()]);
    expect(JSON.parse(readFileSync(FACTS_FILE, 'utf8'))).toEqual(facts);
    for (const doc of FACT_DOCS) expect(factsBlock(readFileSync(doc, 'utf8')), doc).toBe(renderFacts(facts));
  });
});

describe('table', () => {
  it('has the keys, indexes and TTL of the shared table definition, on demand, with PITR', () => {
    const keyNames = [
      tableDefinition.partitionKey,
      tableDefinition.sortKey,
      ...tableDefinition.globalSecondaryIndexes.flatMap((g) => [g.partitionKey, g.sortKey]),
    ];
    T.data().resourceCountIs('AWS::DynamoDB::Table', 1);
    T.data().hasResourceProperties('AWS::DynamoDB::Table', {
      KeySchema: [
        { AttributeName: 'PK', KeyType: 'HASH' },
        { AttributeName: 'SK', KeyType: 'RANGE' },
      ],
      AttributeDefinitions: Match.arrayWith(keyNames.map((AttributeName) => ({ AttributeName, AttributeType: 'S' }))),
      GlobalSecondaryIndexes: tableDefinition.globalSecondaryIndexes.map((g) => ({
        IndexName: g.indexName,
        KeySchema: [
          { AttributeName: g.partitionKey, KeyType: 'HASH' },
          { AttributeName: g.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
      TimeToLiveSpecification: { AttributeName: 'expiresAt', Enabled: true },
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      BillingMode: 'PAY_PER_REQUEST',
    });
  });

  it('can be deleted in dev (prod retention is asserted in stage-variants.test.ts)', () => {
    const [table] = Object.values(resources(T.data(), 'AWS::DynamoDB::Table'));
    expect(table?.DeletionPolicy).toBe('Delete');
    expect(table?.Properties.DeletionProtectionEnabled).toBe(false);
  });
});

describe('queues', () => {
  const queuesByName = () =>
    Object.fromEntries(Object.entries(resources(T.jobs(), 'AWS::SQS::Queue')).map(([id, q]) => [q.Properties.QueueName as string, { id, ...q }]));

  it.each(queueNames)('%s has a DLQ (maxReceiveCount 5) and a visibility timeout of at least 6 x its consumer timeout', (name) => {
    const byName = queuesByName();
    const queue = byName[`fp-dev-${name}`];
    const dlq = byName[`fp-dev-${deadLetterQueueName(name)}`];
    expect(queue).toBeDefined();
    expect(dlq).toBeDefined();
    expect(queue!.Properties.RedrivePolicy).toEqual({
      deadLetterTargetArn: { 'Fn::GetAtt': [dlq!.id, 'Arn'] },
      maxReceiveCount: MAX_RECEIVE_COUNT,
    });
    expect(queue!.Properties.VisibilityTimeout).toBeGreaterThanOrEqual(VISIBILITY_FACTOR * queues[name].consumerTimeoutSeconds);
    expect(dlq!.Properties.MessageRetentionPeriod).toBe(14 * 24 * 3600);
  });

  it('every queue and DLQ denies non-TLS access and is encrypted', () => {
    const all = resources(T.jobs(), 'AWS::SQS::Queue');
    const policies = Object.values(resources(T.jobs(), 'AWS::SQS::QueuePolicy'));
    for (const [id, q] of Object.entries(all)) {
      expect(q.Properties.SqsManagedSseEnabled, id).toBe(true);
      const policy = policies.find((p) => (p.Properties.Queues as unknown[]).some((r) => refId(r) === id));
      expect(policy, `${id} has no queue policy`).toBeDefined();
      expect(JSON.stringify(policy!.Properties.PolicyDocument)).toContain('"aws:SecureTransport":"false"');
    }
  });

  it('closes the books of every DLQ with one dead-letter consumer', () => {
    const mappings = Object.values(resources(T.jobs(), 'AWS::Lambda::EventSourceMapping'));
    const allQueues = resources(T.jobs(), 'AWS::SQS::Queue');
    const closer = s.functions.find((f) => f.spec.handler === 'consumers/dead-letters');
    expect(closer?.spec).toMatchObject({ kind: 'consumer', access: 'write' });
    const sources = mappings
      .filter((m) => aliasOf(m) === logicalId(closer!.alias))
      .map((m) => allQueues[refId(m.Properties.EventSourceArn)!]!.Properties.QueueName);
    expect(sources.sort()).toEqual(queueNames.map((n) => `fp-dev-${deadLetterQueueName(n)}`).sort());
  });

  it('every consumer function times out well within its queue visibility timeout', () => {
    const mappings = Object.values(resources(T.jobs(), 'AWS::Lambda::EventSourceMapping'));
    const functions = resources(T.jobs(), 'AWS::Lambda::Function');
    const allQueues = resources(T.jobs(), 'AWS::SQS::Queue');
    // One per queue consumer, plus one per DLQ for the dead-letter consumer; each invokes the live alias.
    const consumers = s.functions.filter((f) => f.spec.kind === 'consumer');
    expect(mappings).toHaveLength(consumers.filter((f) => f.spec.queue).length + queueNames.length);
    for (const m of mappings) {
      const fn = functions[fnIdOf(s.functions.find((f) => logicalId(f.alias) === aliasOf(m))!)]!;
      const queue = allQueues[refId(m.Properties.EventSourceArn)!]!;
      expect(queue.Properties.VisibilityTimeout).toBeGreaterThanOrEqual(VISIBILITY_FACTOR * (fn.Properties.Timeout as number));
    }
  });
});

describe('schedules', () => {
  it.each(schedules)('$name runs $cron in $timeZone and puts a job.requested message on the planner queue', (schedule) => {
    const found = Object.values(resources(T.jobs(), 'AWS::Scheduler::Schedule')).find((r) => r.Properties.Name === `fp-dev-${schedule.name}`);
    expect(found).toBeDefined();
    const props = found!.Properties as {
      ScheduleExpression: string;
      ScheduleExpressionTimezone: string;
      Target: { Arn: unknown; Input: string; RetryPolicy: unknown; DeadLetterConfig: { Arn: unknown } };
    };
    expect(props.ScheduleExpression).toBe(toAwsCron(schedule.cron));
    expect(props.ScheduleExpressionTimezone).toBe('Europe/London');
    const planner = Object.entries(resources(T.jobs(), 'AWS::SQS::Queue')).find(([, q]) => q.Properties.QueueName === 'fp-dev-jobs-planner');
    expect(refId(props.Target.Arn)).toBe(planner![0]);
    expect(props.Target.Input).toContain('<aws.scheduler.scheduled-time>');
    const message = JSON.parse(props.Target.Input.replace('<aws.scheduler.scheduled-time>', '2026-01-01T06:00:00Z'));
    expect(JobRequestedSchema.parse(message)).toEqual({
      type: 'job.requested',
      version: 1,
      jobType: schedule.jobType,
      requestedBy: 'schedule',
      schedule: schedule.name,
      requestedAt: '2026-01-01T06:00:00Z',
    });
    expect(props.Target.RetryPolicy).toEqual({ MaximumEventAgeInSeconds: 3600, MaximumRetryAttempts: 10 });
    expect(refId(props.Target.DeadLetterConfig.Arn)).toBeDefined();
  });

  it('deploys every schedule (jobs and scheduled functions) enabled by default', () => {
    const all = Object.values(resources(T.jobs(), 'AWS::Scheduler::Schedule'));
    expect(all.length).toBeGreaterThan(schedules.length);
    for (const r of all) expect(r.Properties.State, r.Properties.Name as string).toBe('ENABLED');
  });
});

describe('HTTP API', () => {
  it('has exactly the routes of routes.ts, each integrated with its handler function', () => {
    const apiRoutes = Object.values(allResources(s, 'AWS::ApiGatewayV2::Route'));
    expect(apiRoutes.map((r) => r.Properties.RouteKey).sort()).toEqual(routes.map(routeKey).sort());
    for (const f of s.functions.filter((x) => x.spec.kind === 'http')) {
      // Each route of a function is in its group's nested stack and integrates with its live alias.
      const t = s.templateOf(f);
      const integrations = resources(t, 'AWS::ApiGatewayV2::Integration');
      for (const route of f.spec.routes) {
        const apiRoute = Object.values(resources(t, 'AWS::ApiGatewayV2::Route')).find((r) => r.Properties.RouteKey === routeKey(route))!;
        const integrationId = Object.keys(integrations).find((id) => JSON.stringify(apiRoute.Properties.Target).includes(id))!;
        expect(refId(integrations[integrationId]!.Properties.IntegrationUri), routeKey(route)).toBe(logicalId(f.alias));
      }
    }
  });

  it('runs every function on arm64 Node.js >= 22 with JSON logs in its own log group with retention', () => {
    for (const f of s.functions) {
      const id = fnIdOf(f);
      const logGroups = resources(s.templateOf(f), 'AWS::Logs::LogGroup');
      const fn = resources(s.templateOf(f), 'AWS::Lambda::Function')[id]!;
      expect(fn.Properties.TracingConfig, id).toEqual({ Mode: 'Active' });
      expect(fn.Properties.Architectures, id).toEqual(['arm64']);
      expect(Number(/^nodejs(\d+)\.x$/.exec(fn.Properties.Runtime as string)?.[1]), id).toBeGreaterThanOrEqual(22);
      const logging = fn.Properties.LoggingConfig as { LogFormat: string; LogGroup: unknown };
      expect(logging.LogFormat).toBe('JSON');
      // INFO keeps Lambda's REPORT line (duration, billed duration, max memory used, init).
      expect((logging as { SystemLogLevel?: string }).SystemLogLevel, id).toBe('INFO');
      expect(logGroups[refId(logging.LogGroup)!]?.Properties.RetentionInDays).toBe(14);
    }
  });

  it('sizes each function from its routes', () => {
    for (const f of s.functions.filter((fn) => fn.spec.kind === 'http')) {
      const fn = resources(s.templateOf(f), 'AWS::Lambda::Function')[fnIdOf(f)]!;
      const own = routes.filter((r) => r.handler === f.spec.handler);
      const timeout = Math.max(...own.map((r) => r.timeoutSeconds ?? 10));
      expect(fn.Properties.Timeout, f.spec.handler).toBe(timeout);
      // Below API Gateway's 30 s: the function answers its own timeout error, not a gateway 503.
      expect(fn.Properties.Timeout as number, f.spec.handler).toBeLessThan(30);
      for (const r of own) if (r.memoryMb) expect(fn.Properties.MemorySize as number).toBeGreaterThanOrEqual(r.memoryMb);
      // scrypt routes default to 1024 MB unless the manifest says otherwise.
      if (own.some((r) => r.path.startsWith('/api/auth/') && r.memoryMb === undefined)) expect(fn.Properties.MemorySize as number).toBeGreaterThanOrEqual(1024);
    }
  });

  it('gives every function the configuration the platform reads on AWS', () => {
    for (const f of s.functions) {
      const vars = (resources(s.templateOf(f), 'AWS::Lambda::Function')[fnIdOf(f)]!.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(vars).toMatchObject({ STAGE: 'dev', QUEUE_DRIVER: 'sqs', LOG_LEVEL: 'INFO', POWERTOOLS_SERVICE_NAME: 'football-predictions' });
      for (const key of ['APP_ORIGIN', 'TABLE_NAME', 'QUEUE_URL_PREFIX']) expect(vars[key], `${f.spec.handler} ${key}`).toBeDefined();
      expect('SESSION_SECRET_ARN' in vars, f.spec.handler).toBe(verifiesSessions(f.spec));
      expect('ORIGIN_VERIFY_SECRET_ARN' in vars, f.spec.handler).toBe(f.spec.kind === 'http');
      expect(vars, f.spec.handler).not.toHaveProperty('ORIGIN_VERIFY_TOKEN');
      expect('STRIPE_SECRET_ARN' in vars, f.spec.handler).toBe(f.spec.uses.includes('stripe'));
      expect('PROVIDERS_SECRET_ARN' in vars, f.spec.handler).toBe(f.spec.uses.includes('providers'));
      expect(vars.TABLE_ACCESS, f.spec.handler).toBe(f.spec.access);
      expect(JSON.stringify(vars.QUEUE_URL_PREFIX)).toContain('/fp-dev-');
    }
  });

  it('logs every request as JSON and throttles the stage, and each password-bearing route on its own', () => {
    T.api().hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp('"requestId":"\\$context.requestId"') },
      DefaultRouteSettings: { ThrottlingRateLimit: 20, ThrottlingBurstLimit: 40 },
    });
    const stage = Object.values(resources(T.api(), 'AWS::ApiGatewayV2::Stage'))[0]!;
    const settings = (stage.Properties.RouteSettings as Record<string, { ThrottlingRateLimit: number }> | undefined) ?? {};
    expect(Object.keys(settings).sort()).toEqual([
      'POST /api/account/self-exclusion',
      'POST /api/auth/change-password',
      'POST /api/auth/delete-account',
      'POST /api/auth/login',
      'POST /api/auth/password-reset/confirm',
      'POST /api/auth/register',
    ]);
    expect(Object.values(settings).every((r) => r.ThrottlingRateLimit === 5)).toBe(true);
    // Reads and logout are never behind the password routes' limit.
    for (const key of ['GET /api/auth/me', 'POST /api/auth/logout']) expect(settings).not.toHaveProperty([key]);
  });
});

describe('billing reconciliation', () => {
  it('runs daily at 03:30 London time, invoking its function through a role that may invoke only it; the function queues the first page, and the page consumer holds Stripe', () => {
    const fn = s.functions.find((f) => f.spec.kind === 'scheduled' && f.spec.handler === 'scheduled/reconcile-billing')!;
    const schedule = Object.values(resources(T.jobs(), 'AWS::Scheduler::Schedule')).find((r) =>
      JSON.stringify(r.Properties.Target).includes(logicalId(fn.alias)),
    )!;
    expect(schedule.Properties).toMatchObject({ ScheduleExpression: 'cron(30 3 * * ? *)', ScheduleExpressionTimezone: 'Europe/London', State: 'ENABLED' });
    const target = schedule.Properties.Target as { RoleArn: unknown; DeadLetterConfig: { Arn: unknown } };
    expect(refId(target.DeadLetterConfig.Arn)).toBe(logicalId(s.jobs.jobs.scheduleDeadLetterQueue));
    const statements = statementsOfRole(T.jobs(), refId(target.RoleArn)!);
    expect(refId((schedule.Properties.Target as { Arn: unknown }).Arn)).toBe(logicalId(fn.alias));
    // It may invoke this function and dead-letter into the schedules' DLQ, nothing else.
    expect(statements.flatMap(actionsOf).sort()).toEqual(['lambda:InvokeFunction', 'sqs:SendMessage']);
    const invoke = statements.filter((st) => actionsOf(st).includes('lambda:InvokeFunction'));
    expect(JSON.stringify(invoke.map((st) => st.Resource))).toContain(logicalId(fn.alias));
    expect(JSON.stringify(invoke.map((st) => st.Resource))).not.toMatch(
      new RegExp(
        s.functions
          .filter((f) => f !== fn)
          .map(fnIdOf)
          .join('|'),
      ),
    );
    const send = statements.filter((st) => actionsOf(st).includes('sqs:SendMessage'));
    expect(send.map((st) => refId(Array.isArray(st.Resource) ? st.Resource[0] : st.Resource))).toEqual([logicalId(s.jobs.jobs.scheduleDeadLetterQueue)]);
    const vars = (f: typeof fn) =>
      (resources(T.jobs(), 'AWS::Lambda::Function')[fnIdOf(f)]!.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
    // The task only starts the run: no Stripe key; each page's consumer reads Stripe, within one page's time.
    expect(vars(fn)).not.toHaveProperty('STRIPE_SECRET_ARN');
    expect(resources(T.jobs(), 'AWS::Lambda::Function')[fnIdOf(fn)]!.Properties.Timeout).toBe(30);
    const pages = s.functions.find((f) => f.spec.queue === 'billing-reconciliation')!;
    expect(pages.spec.handler).toBe('consumers/reconcile-billing');
    expect(vars(pages)).toHaveProperty('STRIPE_SECRET_ARN');
    expect(vars(pages)).not.toHaveProperty('SESSION_SECRET_ARN');
  });
});

describe('security monitoring', () => {
  it('counts wrong passwords from the security events of every password route and alarms on a burst', () => {
    const passwordFns = s.functions.filter((f) => f.spec.routes.some((r) => r.password));
    expect(passwordFns.map((f) => f.spec.handler).sort()).toEqual([
      'http/account/self-exclusion',
      'http/auth/change-password',
      'http/auth/delete-account',
      'http/auth/login',
      'http/auth/password-reset-confirm',
      'http/auth/register',
    ]);
    const filters = Object.values(allResources(s, 'AWS::Logs::MetricFilter')).filter(
      (f) => (f.Properties.MetricTransformations as Array<{ MetricName: string }>)[0]!.MetricName === 'FailedLogins',
    );
    expect(filters.map((f) => refId(f.Properties.LogGroupName)).sort()).toEqual(passwordFns.map((f) => logicalId(f.logGroup)).sort());
    for (const filter of filters) {
      expect(filter.Properties.FilterPattern).toBe(
        '{ ($.message = "security") && (($.event = "login_failed") || ($.event = "password_change_failed") || ($.event = "account_delete_failed") || ($.event = "self_exclusion_failed")) }',
      );
    }
    T.api().hasResourceProperties('AWS::CloudWatch::Alarm', {
      AlarmName: 'fp-dev-FailedLoginBurst',
      MetricName: 'FailedLogins',
      Threshold: FAILED_LOGIN_BURST,
      Period: 300,
      Statistic: 'Sum',
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
    });
  });
});

describe('least privilege', () => {
  const readsSecret = (f: Fn, secretId: string) =>
    statementsOfRole(s.templateOf(f), roleId(f)).some(
      (st) => actionsOf(st).includes('secretsmanager:GetSecretValue') && JSON.stringify(st.Resource).includes(secretId),
    );

  it('lets only the HTTP functions that sign or verify sessions read the session key, and those using its derived alert key; other consumers and the webhook never', () => {
    const session = logicalId(s.data.secrets.session);
    const readers = s.functions
      .filter((f) => readsSecret(f, session))
      .map((f) => f.spec.handler)
      .sort();
    expect(readers).toEqual(
      s.functions
        .filter((f) => verifiesSessions(f.spec))
        .map((f) => f.spec.handler)
        .sort(),
    );
    expect(readers).toEqual(expect.arrayContaining(['http/auth/login', 'http/auth/register', 'http/auth/me', 'http/predictions/list']));
    // The unsubscribe links of the alert digests: signed by the email consumer, checked by the unsubscribe route.
    expect(
      s.functions
        .filter((f) => f.spec.uses.includes('sessionKey'))
        .map((f) => f.spec.handler)
        .sort(),
    ).toEqual(['consumers/send-email', 'http/alerts/unsubscribe']);
    for (const handler of [
      'http/billing/webhook',
      'http/health/get',
      'http/metrics/latest',
      ...s.functions.filter((f) => f.spec.kind === 'consumer' && f.spec.handler !== 'consumers/send-email').map((f) => f.spec.handler),
    ]) {
      expect(readers, handler).not.toContain(handler);
    }
    const origin = logicalId(s.data.secrets.originVerify);
    expect(s.functions.filter((f) => readsSecret(f, origin)).length).toBe(s.functions.filter((f) => f.spec.kind === 'http').length);
  });

  const tableId = () => 'table/fp-dev-table';

  it('never grants a wildcard action, and only names the table and its indexes explicitly', () => {
    for (const policy of Object.values(allResources(s, 'AWS::IAM::Policy'))) {
      for (const statement of (policy.Properties.PolicyDocument as { Statement: Array<{ Action: string | string[]; Resource: unknown }> }).Statement) {
        const actions = Array.isArray(statement.Action) ? statement.Action : [statement.Action];
        const touchesTable = JSON.stringify(statement.Resource).includes(tableId());
        if (!touchesTable) continue;
        for (const action of actions) expect(action).not.toContain('*');
        expect(JSON.stringify(statement.Resource)).not.toContain('/index/*');
      }
    }
  });

  it('gives read-only functions read-only table access', () => {
    const readOnly = s.functions.filter((f) => f.spec.access === 'read');
    expect(readOnly.length).toBeGreaterThan(0);
    for (const f of readOnly) {
      const tableActions = statementsOfRole(s.templateOf(f), roleId(f))
        .filter((st) => JSON.stringify(st.Resource).includes(tableId()))
        .flatMap(actionsOf);
      expect(tableActions.length, f.spec.handler).toBeGreaterThan(0);
      for (const action of tableActions) expect(TABLE_READ_ACTIONS, `${f.spec.handler}: ${action}`).toContain(action);
    }
  });

  it('grants each secret only to the functions that need it, with GetSecretValue only', () => {
    const secretIds = (name: 'session' | 'stripe' | 'providers') => logicalId(s.data.secrets[name]);
    for (const f of s.functions) {
      const secretStatements = statementsOfRole(s.templateOf(f), roleId(f)).filter((st) => actionsOf(st).some((a) => a.startsWith('secretsmanager:')));
      for (const st of secretStatements) expect(actionsOf(st)).toEqual(['secretsmanager:GetSecretValue']);
      const granted = JSON.stringify(secretStatements.map((st) => st.Resource));
      expect(granted.includes(secretIds('session')), f.spec.handler).toBe(verifiesSessions(f.spec));
      expect(granted.includes(secretIds('stripe')), f.spec.handler).toBe(f.spec.uses.includes('stripe'));
      expect(granted.includes(secretIds('providers')), f.spec.handler).toBe(f.spec.uses.includes('providers'));
    }
  });

  it('lets a function write only to its own log group (no AWSLambdaBasicExecutionRole)', () => {
    for (const f of s.functions) {
      const role = resources(s.templateOf(f), 'AWS::IAM::Role')[roleId(f)]!;
      expect(role.Properties.ManagedPolicyArns).toBeUndefined();
      const logs = statementsOfRole(s.templateOf(f), roleId(f)).filter((st) => actionsOf(st).some((a) => a.startsWith('logs:')));
      expect(logs).toHaveLength(1);
      expect(refId(logs[0]!.Resource)).toBe(logicalId(f.logGroup));
    }
  });
});

describe('site', () => {
  const distribution = () =>
    Object.values(resources(T.site(), 'AWS::CloudFront::Distribution'))[0]!.Properties.DistributionConfig as {
      DefaultCacheBehavior: Record<string, unknown>;
      CacheBehaviors: Array<Record<string, unknown>>;
      Origins: Array<Record<string, unknown>>;
      CustomErrorResponses?: unknown;
      WebACLId?: unknown;
      Logging?: unknown;
    };

  it('sends /api/* to the HTTP API uncached, with every viewer header but Host and every method', () => {
    const api = distribution().CacheBehaviors.find((b) => b.PathPattern === '/api/*');
    expect(api).toMatchObject({
      CachePolicyId: CACHING_DISABLED,
      OriginRequestPolicyId: ALL_VIEWER_EXCEPT_HOST_HEADER,
      AllowedMethods: ['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE'],
      ViewerProtocolPolicy: 'https-only',
    });
    const origin = distribution().Origins.find((o) => o.Id === api!.TargetOriginId)!;
    const apiId = Object.keys(resources(T.site(), 'AWS::ApiGatewayV2::Api'))[0]!;
    expect(JSON.stringify(origin.DomainName)).toContain(`{"Ref":"${apiId}"},".execute-api."`);
    expect(origin.CustomOriginConfig).toEqual({ OriginProtocolPolicy: 'https-only', OriginSSLProtocols: ['TLSv1.2'] });
    // The API refuses requests that did not come through CloudFront (and its WAF).
    // Its value is a generated secret, resolved by CloudFormation: never written in the template.
    const header = (origin.OriginCustomHeaders as Array<{ HeaderName: string; HeaderValue: unknown }>).find((h) => h.HeaderName === 'x-origin-verify');
    const secretId = logicalId(s.data.secrets.originVerify);
    expect(JSON.stringify(header!.HeaderValue)).toMatch(new RegExp(`\\{\\{resolve:secretsmanager:.*${secretId}.*SecretString`));
    T.data().hasResourceProperties('AWS::SecretsManager::Secret', { GenerateSecretString: { PasswordLength: 48, ExcludePunctuation: true } });
    for (const f of s.functions.filter((x) => x.spec.kind === 'http')) {
      const vars = (resources(s.templateOf(f), 'AWS::Lambda::Function')[fnIdOf(f)]!.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
      // Another stack's secret: read through a parameter of the nested stack, named after it.
      expect(JSON.stringify(vars.ORIGIN_VERIFY_SECRET_ARN), f.spec.handler).toContain(secretId);
    }
  });

  it('caches the public reads at the edge: shared ones for everyone, predictions keyed by the session cookie', () => {
    // Prepare
    const policies = resources(T.site(), 'AWS::CloudFront::CachePolicy');
    const behaviour = (path: string) => distribution().CacheBehaviors.find((b) => b.PathPattern === path);
    const policyOf = (path: string) =>
      policies[refId(behaviour(path)?.CachePolicyId)!]?.Properties.CachePolicyConfig as {
        MaxTTL: number;
        DefaultTTL: number;
        ParametersInCacheKeyAndForwardedToOrigin: {
          CookiesConfig: { CookieBehavior: string; Cookies?: string[] };
          QueryStringsConfig: { QueryStringBehavior: string };
          HeadersConfig: { HeaderBehavior: string };
        };
      };
    const cached = routes.filter((r) => r.cdn);

    // Assess
    expect(cached.map((r) => [r.path, r.cdn])).toEqual([
      ['/api/predictions', 'per-session'],
      ['/api/metrics/latest', 'shared'],
      ['/api/metrics/trend', 'shared'],
      ['/api/simulations/{leagueId}', 'shared'],
      ['/api/simulations/{leagueId}/history', 'shared'],
      ['/api/teams/{slug}', 'per-session'],
      ['/sitemap.xml', 'shared'],
      ['/predictions/{fixtureId}', 'shared'],
      ['/teams/{slug}', 'shared'],
      ['/leagues/{leagueId}', 'shared'],
      ['/api/ledger/digests', 'shared'],
      ['/api/ledger/losing-runs', 'shared'],
      ['/api/ledger/value-worth', 'shared'],
    ]);
    // A path parameter is one segment of the behaviour's pattern.
    expect(behaviour('/api/teams/*')).toBeDefined();
    // The pages about one match, team or league go to the API's page function (a real 404 for an
    // unknown id); the list pages (/predictions, /leagues) stay the bucket's.
    for (const page of ['/predictions/*', '/teams/*', '/leagues/*']) expect(behaviour(page)?.TargetOriginId, page).toBe(behaviour('/api/*')?.TargetOriginId);
    expect(distribution().CacheBehaviors.some((b) => ['/predictions', '/leagues'].includes(b.PathPattern as string))).toBe(false);
    expect(policyOf('/api/teams/*').ParametersInCacheKeyAndForwardedToOrigin.CookiesConfig).toEqual({
      CookieBehavior: 'whitelist',
      Cookies: ['__Host-sid', 'sid'],
    });
    for (const r of cached.map((c) => ({ ...c, path: c.path.replace(/\{[^/}]+\}/g, '*') }))) {
      expect(behaviour(r.path), r.path).toMatchObject({ AllowedMethods: ['GET', 'HEAD'], CachedMethods: ['GET', 'HEAD'], ViewerProtocolPolicy: 'https-only' });
      const policy = policyOf(r.path);
      // The origin's s-maxage decides, never longer than a minute; no query string or header varies the key.
      expect(policy).toMatchObject({ MaxTTL: 60, DefaultTTL: 0 });
      expect(policy.ParametersInCacheKeyAndForwardedToOrigin).toMatchObject({
        QueryStringsConfig: { QueryStringBehavior: 'none' },
        HeadersConfig: { HeaderBehavior: 'none' },
      });
    }
    expect(policyOf('/api/metrics/latest').ParametersInCacheKeyAndForwardedToOrigin.CookiesConfig).toEqual({ CookieBehavior: 'none' });
    expect(policyOf('/api/predictions').ParametersInCacheKeyAndForwardedToOrigin.CookiesConfig).toEqual({
      CookieBehavior: 'whitelist',
      Cookies: ['__Host-sid', 'sid'],
    });
    // Cached behaviours come before the catch-all, or CloudFront would never reach them.
    const order = distribution().CacheBehaviors.map((b) => b.PathPattern);
    expect(order.indexOf('/api/*')).toBe(order.length - 1);
  });

  it('never caches accounts, billing, admin or tracking: only the catch-all, uncached, matches them', () => {
    const matches = (pattern: string, path: string) => new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`).test(path);
    for (const path of [
      '/api/admin/update-odds',
      '/api/auth/me',
      '/api/auth/login',
      '/api/stripe/webhook',
      '/api/tracking/predictions',
      '/api/predictions/x',
    ]) {
      const first = distribution().CacheBehaviors.find((b) => matches(b.PathPattern as string, path));
      expect(first?.PathPattern, path).toBe('/api/*');
      expect(first?.CachePolicyId, path).toBe(CACHING_DISABLED);
    }
  });

  it('reads the private bucket through origin access control, never publicly', () => {
    T.site().resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
    const s3Origin = distribution().Origins.find((o) => o.S3OriginConfig)!;
    expect(s3Origin.OriginAccessControlId).toBeDefined();
    expect(s3Origin.S3OriginConfig).toEqual({ OriginAccessIdentity: '' });
    for (const bucket of Object.values(resources(T.site(), 'AWS::S3::Bucket'))) {
      expect(bucket.Properties.PublicAccessBlockConfiguration).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
      expect(bucket.Properties.WebsiteConfiguration).toBeUndefined();
    }
  });

  it('rewrites client routes on the S3 behaviour only, with no distribution-wide error pages', () => {
    const associations = distribution().DefaultCacheBehavior.FunctionAssociations as Array<{ EventType: string; FunctionARN: unknown }>;
    expect(associations).toHaveLength(1);
    expect(associations[0]!.EventType).toBe('viewer-request');
    expect(refId(associations[0]!.FunctionARN)).toBe(logicalId(s.site.web.spaRewrite));
    for (const b of distribution().CacheBehaviors) expect(b.FunctionAssociations).toBeUndefined();
    expect(distribution().CustomErrorResponses).toBeUndefined();
  });

  it('adds the security headers of functions/src/security-headers.ts to both behaviours', () => {
    const policies = resources(T.site(), 'AWS::CloudFront::ResponseHeadersPolicy');
    const used = [distribution().DefaultCacheBehavior, ...distribution().CacheBehaviors].map((b) => refId(b.ResponseHeadersPolicyId)!);
    expect(new Set(used).size).toBe(2);
    for (const id of used) {
      const config = policies[id]!.Properties.ResponseHeadersPolicyConfig as {
        SecurityHeadersConfig: Record<string, Record<string, unknown>>;
        CustomHeadersConfig: { Items: Array<{ Header: string; Value: string }> };
      };
      expect(config.SecurityHeadersConfig).toEqual({
        ContentSecurityPolicy: { ContentSecurityPolicy: contentSecurityPolicy, Override: true },
        ContentTypeOptions: { Override: true },
        FrameOptions: { FrameOption: 'DENY', Override: true },
        ReferrerPolicy: { ReferrerPolicy: securityHeaders['referrer-policy'], Override: true },
        StrictTransportSecurity: { AccessControlMaxAgeSec: 63072000, IncludeSubdomains: true, Preload: true, Override: true },
      });
      expect(contentSecurityPolicy).toContain("frame-ancestors 'none'");
      const custom = Object.fromEntries(config.CustomHeadersConfig.Items.map((h) => [h.Header, h.Value]));
      expect(custom['permissions-policy']).toBe(securityHeaders['permissions-policy']);
      expect(custom['cross-origin-opener-policy']).toBe(securityHeaders['cross-origin-opener-policy']);
    }
  });

  it('logs requests, uses the WAF web ACL of the edge stack and the cheapest price class', () => {
    expect(distribution().Logging).toBeDefined();
    // A strong cross-region reference: read from the edge stack's export (SSM, written from us-east-1), not a stack output.
    expect(JSON.stringify(distribution().WebACLId)).toMatch(/^\{"Fn::GetAtt":\["ExportsReader\w+","\/cdk\/exports\/fp-dev-site\//);
    s.edgeTemplate!.resourceCountIs('AWS::WAFv2::WebACL', 1);
  });

  it('uploads nothing when web/dist is not given', () => {
    T.site().resourceCountIs('Custom::CDKBucketDeployment', 0);
  });
});

describe('monitoring', () => {
  const alarms = () => allResources(s, 'AWS::CloudWatch::Alarm');
  const topicId = () => logicalId(s.data.alarms.topic);
  const composites = () => Object.values(resources(T.monitoring(), 'AWS::CloudWatch::CompositeAlarm'));
  /** The rules of an area's composites (what pages, what makes a ticket, and any sub-composite of theirs). */
  const ruleOf = (area: string) =>
    composites()
      .filter((c) => c.Properties.AlarmName === `fp-dev-${area}` || String(c.Properties.AlarmName).startsWith(`fp-dev-${area}-`))
      .map((c) => String(c.Properties.AlarmRule))
      .join(' OR ');

  it('alarms on the first message in every dead-letter queue', () => {
    const dlqs = Object.entries(resources(T.jobs(), 'AWS::SQS::Queue')).filter(([, q]) => String(q.Properties.QueueName).endsWith('-dlq'));
    expect(dlqs).toHaveLength(queueNames.length + 1); // + the schedules' DLQ
    for (const [id] of dlqs) {
      const alarm = Object.values(alarms()).find(
        (a) => a.Properties.MetricName === 'ApproximateNumberOfMessagesVisible' && JSON.stringify(a.Properties.Dimensions).includes(id),
      );
      expect(alarm, id).toBeDefined();
      expect(alarm!.Properties).toMatchObject({ Threshold: 1, ComparisonOperator: 'GreaterThanOrEqualToThreshold' });
    }
  });

  it('alarms on API 5xx, DynamoDB throttling and a stuck work queue', () => {
    expect(Object.values(alarms()).some((a) => a.Properties.MetricName === '5xx' && a.Properties.Namespace === 'AWS/ApiGateway')).toBe(true);
    expect(JSON.stringify(resources(T.monitoring(), 'AWS::CloudWatch::Alarm'))).toMatch(/ReadThrottleEvents.*WriteThrottleEvents/);
    expect(Object.values(alarms()).filter((a) => a.Properties.MetricName === 'ApproximateAgeOfOldestMessage')).toHaveLength(queueNames.length);
  });

  it("alarms on the errors and the throttles of every function, one named alarm each; its deployment rolls back on the new version's errors alone", () => {
    for (const f of s.functions) {
      const t = s.templateOf(f);
      const groups = Object.values(resources(t, 'AWS::CodeDeploy::DeploymentGroup'));
      for (const [metricName, suffix] of [
        ['Errors', 'errors'],
        ['Throttles', 'throttles'],
      ] as const) {
        const mine = Object.entries(resources(t, 'AWS::CloudWatch::Alarm')).filter(
          ([, a]) => a.Properties.MetricName === metricName && JSON.stringify(a.Properties.Dimensions).includes(`"Ref":"${fnIdOf(f)}"`),
        );
        expect(mine, `${metricName} ${f.spec.handler}`).toHaveLength(1);
        expect(mine[0]![1].Properties).toMatchObject({ AlarmName: `fp-dev-${f.spec.id}-${suffix}`, Threshold: 1 });
        // Every version's errors page or make a ticket; they never stop a deployment (a fix-forward of the bug they report).
        expect(
          groups.filter((g) => JSON.stringify(g.Properties).includes(`fp-dev-${f.spec.id}-${suffix}`)),
          f.spec.handler,
        ).toEqual([]);
      }
      const group = groups.find((g) => JSON.stringify(g.Properties.AlarmConfiguration).includes(`"Ref":"${logicalId(f.newVersionErrors)}"`));
      expect(group, f.spec.handler).toBeDefined();
      expect((group!.Properties.AlarmConfiguration as { Alarms: unknown[] }).Alarms).toHaveLength(1);
    }
  });

  it('notifies one composite alarm per area, on alarm and on recovery; the alarms under them notify nobody', () => {
    // What pages (users hurt now) and what makes a ticket, per area; billing never pages, jobs only when a schedule stops running.
    expect(
      composites()
        .map((c) => c.Properties.AlarmName)
        .sort(),
    ).toEqual(['fp-dev-api', 'fp-dev-api-tickets', 'fp-dev-billing-tickets', 'fp-dev-email', 'fp-dev-email-tickets', 'fp-dev-jobs', 'fp-dev-jobs-tickets']);
    for (const c of composites()) {
      expect(c.Properties.AlarmActions, String(c.Properties.AlarmName)).toEqual(['arn:aws:sns:eu-west-2:123456789012:fp-dev-alarms']);
      expect(c.Properties.OKActions, String(c.Properties.AlarmName)).toEqual(['arn:aws:sns:eu-west-2:123456789012:fp-dev-alarms']);
    }
    for (const [id, a] of Object.entries(alarms())) {
      expect(a.Properties.AlarmActions, id).toBeUndefined();
      expect(a.Properties.OKActions, id).toBeUndefined();
      // Every alarm but CloudFront's (us-east-1, forwarded by EventBridge) is in exactly one area.
      const name = String(a.Properties.AlarmName);
      // Outside the areas: CloudFront's, and each function's new-version alarm, which gates its deployment only.
      if (name === 'fp-dev-CloudFront5xxRate' || name.endsWith('-new-version-errors')) continue;
      expect(
        ['api', 'jobs', 'billing', 'email'].filter((area) => ruleOf(area).includes(`ALARM("${name}")`)),
        name,
      ).toHaveLength(1);
    }
    const login = s.functions.find((f) => f.spec.handler === 'http/auth/login')!;
    const webhook = s.functions.find((f) => f.spec.handler === 'http/billing/webhook')!;
    const email = s.functions.find((f) => f.spec.handler === 'consumers/send-email')!;
    expect(ruleOf('api')).toContain(`ALARM("fp-dev-${login.spec.id}-errors")`);
    expect(ruleOf('billing')).toContain(`ALARM("fp-dev-${webhook.spec.id}-errors")`);
    expect(ruleOf('email')).toContain(`ALARM("fp-dev-${email.spec.id}-errors")`);
    expect(ruleOf('email')).toContain('ALARM("fp-dev-EmailDeadLetters")');
    expect(ruleOf('jobs')).toContain('ALARM("fp-dev-OddsApiCreditsLow")');
  });

  it('watches the CloudFront 5xx rate in us-east-1 and forwards its state changes to the topic', () => {
    s.templateOf(s.edgeAlarms).hasResourceProperties('AWS::CloudWatch::Alarm', { Namespace: 'AWS/CloudFront', MetricName: '5xxErrorRate', Threshold: 5 });
    expect(s.edgeAlarms.region).toBe('us-east-1');
    const [rule] = Object.values(resources(T.monitoring(), 'AWS::Events::Rule'));
    expect(JSON.stringify(rule!.Properties.Targets)).toContain(':fp-dev-alarms');
    expect(rule!.Properties.EventPattern).toMatchObject({ detail: { alarmName: ['fp-dev-CloudFront5xxRate'] } });
  });

  it('has a monthly cost budget that notifies the topic', () => {
    T.monitoring().hasResourceProperties('AWS::Budgets::Budget', {
      Budget: { BudgetType: 'COST', TimeUnit: 'MONTHLY', BudgetLimit: { Amount: 75, Unit: 'USD' } },
    });
  });

  it('lets CloudWatch (and the budget, backups and EventBridge) publish to the topic, and nothing over plain HTTP', () => {
    // Prepare
    const [policy] = Object.values(resources(T.data(), 'AWS::SNS::TopicPolicy'));
    const doc = policy!.Properties.PolicyDocument as {
      Statement: Array<{ Effect: string; Principal?: { Service: string }; Action: unknown; Condition?: Record<string, Record<string, unknown>> }>;
    };

    // Assess
    expect(policy!.Properties.Topics).toEqual([{ Ref: topicId() }]);
    const allow = doc.Statement.filter((st) => st.Effect === 'Allow');
    expect([...new Set(allow.flatMap((st) => [st.Principal!.Service].flat()))].sort()).toEqual([
      'backup.amazonaws.com',
      'budgets.amazonaws.com',
      'cloudwatch.amazonaws.com',
      'events.amazonaws.com',
    ]);
    const cloudwatch = allow.find((st) => st.Principal!.Service === 'cloudwatch.amazonaws.com')!;
    expect(JSON.stringify(cloudwatch.Condition!.ArnLike!['aws:SourceArn'])).toContain(':alarm:*');
    // AWS Backup's grant comes from the vault's notification settings (CDK), for this topic only.
    for (const st of allow.filter((x) => x.Principal!.Service !== 'backup.amazonaws.com'))
      expect(st.Condition!.StringEquals!['aws:SourceAccount']).toBe(s.data.account);
    expect(doc.Statement.some((st) => st.Effect === 'Deny' && JSON.stringify(st.Condition).includes('aws:SecureTransport'))).toBe(true);
  });

  it('gives the health route exactly the GetItem its probe makes, and no write', () => {
    const health = s.functions.find((f) => f.spec.handler === 'http/health/get')!;
    const actions = statementsOfRole(s.templateOf(health), roleId(health))
      .flatMap(actionsOf)
      .filter((a) => a.startsWith('dynamodb:'));
    expect(actions).toContain('dynamodb:GetItem');
    expect(actions.filter((a) => !TABLE_READ_ACTIONS.includes(a))).toEqual([]);
  });

  it('has a dashboard, untagged (CloudFormation refuses Tags on a dashboard: cfn-lint E3002), while the other resources carry the stage tags', () => {
    T.monitoring().resourceCountIs('AWS::CloudWatch::Dashboard', 1);
    const [dashboard] = Object.values(resources(T.monitoring(), 'AWS::CloudWatch::Dashboard'));
    expect(dashboard!.Properties.Tags).toBeUndefined();
    expect(Object.values(resources(T.data(), 'AWS::DynamoDB::Table'))[0]!.Properties.Tags).toEqual(expect.arrayContaining([{ Key: 'stage', Value: 'dev' }]));
  });
});

describe('outputs', () => {
  it('names the site URL and the API URL', () => {
    const outputs = T.site().toJSON().Outputs as Record<string, { Value: unknown }>;
    expect(JSON.stringify(outputs.SiteUrl!.Value)).toContain('https://');
    expect(JSON.stringify(outputs.ApiUrl!.Value)).toContain('/api');
    expect(outputs.StripeWebhookUrl).toBeDefined();
  });

  it('names the table and the queue URL prefix that `npm run jobs -- run <type> --stage` reads (functions/ops/stage-jobs.ts)', () => {
    const outputs = T.jobs().toJSON().Outputs as Record<string, { Value: unknown }>;
    expect(outputs.TableName!.Value).toBe('fp-dev-table');
    T.data().hasResourceProperties('AWS::DynamoDB::Table', { TableName: 'fp-dev-table' });
    // The planner queue's URL is the prefix plus its name, like every function's QUEUE_URL_PREFIX.
    expect(outputs.QueueUrlPrefix!.Value).toEqual(s.jobs.resolve(s.jobs.jobs.queueUrlPrefix));
    expect(JSON.stringify(outputs.QueueUrlPrefix!.Value)).toMatch(/^\{"Fn::Join":\["",\["https:\/\/sqs\.".*"\/fp-dev-"\]\]\}$/);
    expect(Object.values(resources(T.jobs(), 'AWS::SQS::Queue')).some((q) => q.Properties.QueueName === 'fp-dev-jobs-planner')).toBe(true);
  });
});
