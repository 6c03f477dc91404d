/**
 * Assembles the CDK app: the stage's stacks (docs/deploy.md "Stacks") in the configured region,
 * the us-east-1 ones CloudFront needs, the backup copy vault's in the backup region, and cdk-nag
 * AwsSolutions on everything. Stacks read each other's values with Fn::GetStackOutput (weak
 * references, lib/feature-flags.ts) or by names derived from the configuration, never by export.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { App, CfnResource, DefaultStackSynthesizer, Stack, Tags, Validations, type AppProps } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import { AwsSolutionsChecks } from 'cdk-nag';
import { schedules as definedSchedules, type ScheduleDefinition } from '@app/events/schedules';
import {
  consumers as definedConsumers,
  routes as definedRoutes,
  scheduled as definedScheduled,
  type ConsumerDefinition,
  type RouteDefinition,
  type ScheduledDefinition,
} from '@app/functions/routes';
import type { AppFunction } from './constructs/app-function.ts';
import { repoRoot } from './bundling.ts';
import { ConfigError, namePrefix, readConfig, type DeployConfig } from './config.ts';
import { FEATURE_FLAGS } from './feature-flags.ts';
import { defaultTableName, SERVICE_NAME } from './functions.ts';
import { consumerFunctionSpecs, httpFunctionSpecs, scheduledFunctionSpecs } from './manifest.ts';
import { ApiStack } from './stacks/api-stack.ts';
import { BackupCopyStack, DataStack } from './stacks/data-stack.ts';
import { EdgeAlarmsStack } from './stacks/edge-alarms-stack.ts';
import { EdgeStack } from './stacks/edge-stack.ts';
import { boundaryPolicyName, deployRoleName, executionRoleName, GithubDeployStack } from './stacks/github-deploy-stack.ts';
import { JobsStack } from './stacks/jobs-stack.ts';
import { MonitoringStack } from './stacks/monitoring-stack.ts';
import { SiteStack } from './stacks/site-stack.ts';

export const DEFAULT_WEB_DIST = join(repoRoot, 'web', 'dist');
/** Resource types CDK can tag but CloudFormation refuses Tags on. */
export const UNTAGGABLE_TYPES = ['AWS::CloudWatch::Dashboard'];
/** A synth test fails past this many resources in any stack (CloudFormation refuses 500). */
export const MAX_RESOURCES_PER_STACK = 400;

/** An App with the pinned feature flags as context defaults (cdk.json and -c still override). */
export function newApp(props: AppProps = {}): App {
  return new App({ ...props, context: { ...FEATURE_FLAGS, ...props.context } });
}

export interface BuildOptions {
  config?: DeployConfig;
  routes?: readonly RouteDefinition[];
  consumers?: readonly ConsumerDefinition[];
  schedules?: readonly ScheduleDefinition[];
  scheduled?: readonly ScheduledDefinition[];
  /** Prebuilt Lambda bundles (`bundleFunctions`); needed whenever CDK bundles. */
  bundleDir?: string;
  /** The built SPA; `null`: never upload. Default: web/dist when it has an index.html. */
  webDist?: string | null;
}

export interface BuiltApp {
  config: DeployConfig;
  data: DataStack;
  site: SiteStack;
  jobs: JobsStack;
  api: ApiStack;
  monitoring: MonitoringStack;
  edgeAlarms: EdgeAlarmsStack;
  backupCopy: BackupCopyStack;
  edge?: EdgeStack;
  github?: GithubDeployStack;
  /** Every function of the stage (API and jobs). */
  functions: AppFunction[];
  /** Every top-level stack. */
  stacks: Stack[];
}

function resolveWebDist(option: string | null | undefined, requireWeb: boolean): string | undefined {
  if (option === null) return undefined;
  const dir = option ?? DEFAULT_WEB_DIST;
  if (existsSync(join(dir, 'index.html'))) return dir;
  if (requireWeb) throw new ConfigError(`No built SPA in ${dir} (index.html missing): run \`npm run build\` first, or deploy with \`npm run deploy\`.`);
  return undefined;
}

/**
 * How a stage's stacks deploy. Dev: through the CDK bootstrap roles, like any CDK app. Staging and
 * prod: through the deploy role of the `fp-github-deploy` stack, with CloudFormation acting as its
 * execution role (only the services the stacks use), never through the bootstrap roles, whose
 * execution role is an administrator (docs/deploy.md "Pipeline").
 */
export function stageSynthesizer(config: Pick<DeployConfig, 'stage' | 'appName'>): DefaultStackSynthesizer | undefined {
  if (config.stage === 'dev') return undefined;
  const role = (name: string) => `arn:\${AWS::Partition}:iam::\${AWS::AccountId}:role/${name}`;
  return new DefaultStackSynthesizer({
    deployRoleArn: role(deployRoleName(config.appName)),
    cloudFormationExecutionRole: role(executionRoleName(config.appName)),
  });
}

export function buildApp(app: App, options: BuildOptions = {}): BuiltApp {
  const config = options.config ?? readConfig(app.node);
  const routes = options.routes ?? definedRoutes;
  const name = (part: string) => `${namePrefix(config)}${part}`;
  const env = { account: config.account, region: config.region };
  const prod = config.stage === 'prod';
  // `cdk destroy` of a stage with users fails until someone switches this off on purpose (docs/deploy.md).
  const protect = config.stage !== 'dev';

  // Specs first: a bad manifest fails before any resource exists.
  const httpSpecs = httpFunctionSpecs(routes);
  const consumerSpecs = consumerFunctionSpecs(options.consumers ?? definedConsumers);
  const scheduledSpecs = scheduledFunctionSpecs(options.scheduled ?? definedScheduled);

  // CDK would also tag the dashboard, whose CloudFormation type has no Tags property (cfn-lint E3002: the deploy fails).
  const untaggable = { excludeResourceTypes: UNTAGGABLE_TYPES };
  Tags.of(app).add('app', SERVICE_NAME, untaggable);
  Tags.of(app).add('stage', config.stage, untaggable);
  const describe = (what: string) => `${SERVICE_NAME} ${config.stage}: ${what}`;

  const needsEdge = config.waf || Boolean(config.domainName && config.hostedZoneId && !config.certificateArn);
  const edge = needsEdge
    ? new EdgeStack(app, name('edge'), {
        config,
        synthesizer: stageSynthesizer(config),
        rawBodyPaths: routes.filter((r) => r.rawBody).map((r) => r.path),
        passwordPaths: routes.filter((r) => r.password).map((r) => r.path),
        functionPagePaths: routes.filter((r) => !r.path.startsWith('/api/')).map((r) => r.path),
        env: { account: config.account, region: 'us-east-1' },
        terminationProtection: prod,
        description: describe('WAF web ACL and certificate for CloudFront (us-east-1)'),
      })
    : undefined;

  const backupCopy = new BackupCopyStack(app, name('backup-copy'), {
    config,
    synthesizer: stageSynthesizer(config),
    env: { account: config.account, region: config.backupRegion },
    terminationProtection: protect,
    description: describe(`the vault that keeps a copy of every daily backup (${config.backupRegion})`),
  });
  const data = new DataStack(app, name('data'), {
    config,
    synthesizer: stageSynthesizer(config),
    env,
    terminationProtection: protect,
    description: describe('table, secrets, SES identity, notification topic, backups; never replaced'),
  });
  data.addStackDependency(backupCopy, 'the backup plan copies into its vault');
  const tableName = config.tableName ?? defaultTableName(config);

  const site = new SiteStack(app, name('site'), {
    config,
    synthesizer: stageSynthesizer(config),
    routes,
    secrets: data.secrets,
    webDist: resolveWebDist(options.webDist, config.requireWeb),
    webAclArn: edge?.webAclArn,
    certificate: edge?.certificate,
    env,
    terminationProtection: protect,
    description: describe('the site: versioned bucket, CloudFront, DNS, the HTTP API resource'),
  });

  const jobs = new JobsStack(app, name('jobs'), {
    config,
    synthesizer: stageSynthesizer(config),
    consumerSpecs,
    scheduledSpecs,
    schedules: options.schedules ?? definedSchedules,
    bundleDir: options.bundleDir,
    tableName,
    secrets: data.secrets,
    email: data.email,
    appOrigin: site.web.origin,
    env,
    terminationProtection: protect,
    description: describe('job and email queues, schedules, consumers, scheduled functions'),
  });

  const api = new ApiStack(app, name('api'), {
    config,
    synthesizer: stageSynthesizer(config),
    httpSpecs,
    httpApi: site.httpApi,
    ...(site.apiDomain ? { apiDomain: site.apiDomain } : {}),
    functionContext: {
      bundleDir: options.bundleDir,
      tableName,
      secrets: data.secrets,
      appOrigin: site.web.origin,
      jobs: jobs.jobs,
      email: data.email,
      configurationSetName: jobs.configurationSet.configurationSetName,
    },
    env,
    terminationProtection: protect,
    description: describe('HTTP API stage and functions, one nested stack per route group'),
  });

  const edgeAlarms = new EdgeAlarmsStack(app, name('edge-alarms'), {
    config,
    synthesizer: stageSynthesizer(config),
    distributionId: site.web.distribution.distributionId,
    env: { account: config.account, region: 'us-east-1' },
    description: describe('the CloudFront 5xx alarm, forwarded to the app region (us-east-1)'),
  });

  const monitoring = new MonitoringStack(app, name('monitoring'), {
    config,
    synthesizer: stageSynthesizer(config),
    tableName,
    alarms: [...api.areaAlarms, ...jobs.areaAlarms],
    functionSpecs: [...httpSpecs, ...consumerSpecs, ...scheduledSpecs],
    distributionId: site.web.distribution.distributionId,
    siteOrigin: site.web.origin,
    env,
    terminationProtection: protect,
    description: describe('area alarms, canary, budget, dashboard'),
  });
  // The composite alarms name the other stacks' alarms, which must exist first.
  monitoring.addStackDependency(api, 'its alarms are named in the API composite');
  monitoring.addStackDependency(jobs, 'its alarms are named in the jobs, email and billing composites');
  monitoring.addStackDependency(data, 'the composites and the budget notify its topic');

  // Once per account, not per stage: the role the pipeline assumes (docs/deploy.md "Pipeline").
  const github =
    config.githubRepo && config.stage !== 'dev'
      ? new GithubDeployStack(app, `${config.appName}-github-deploy`, {
          repository: config.githubRepo,
          appName: config.appName,
          stage: config.stage,
          env,
          description: `${SERVICE_NAME}: the roles GitHub Actions deploys ${config.stage} with (OIDC) and CloudFormation's execution role`,
        })
      : undefined;

  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  const stageStacks: Stack[] = [...(edge ? [edge] : []), backupCopy, data, site, jobs, api, edgeAlarms, monitoring];
  // Staging and prod deploy through fp-cfn-exec, which creates a role only with this boundary (github-deploy-stack.ts).
  if (config.stage !== 'dev') {
    for (const stack of stageStacks) applyBoundary(stack, boundaryPolicyName(config.appName, config.stage));
  }
  const stacks: Stack[] = [...(github ? [github] : []), ...stageStacks];
  return { config, data, site, jobs, api, monitoring, edgeAlarms, backupCopy, edge, github, functions: [...api.functions, ...jobs.functions], stacks };
}

/**
 * The permissions boundary on every role of `stack` and its nested stacks: CDK's aspect for the
 * roles made while the app is built, and, for the roles CDK makes later, while it resolves
 * cross-stack references (the cross-region export writer's and reader's providers, which no aspect
 * visits), the same property set just before each template is rendered.
 */
function applyBoundary(stack: Stack, policyName: string): void {
  const boundary = iam.ManagedPolicy.fromManagedPolicyName(stack, 'PermissionsBoundary', policyName);
  iam.PermissionsBoundary.of(stack).apply(boundary);
  const stacks = stack.node.findAll().filter((c): c is Stack => Stack.isStack(c));
  for (const s of stacks) {
    const render = s as unknown as { _toCloudFormation: () => unknown };
    const original = render._toCloudFormation.bind(s);
    render._toCloudFormation = () => {
      for (const c of s.node.findAll()) {
        if (CfnResource.isCfnResource(c) && c.cfnResourceType === 'AWS::IAM::Role' && Stack.of(c) === s)
          c.addPropertyOverride('PermissionsBoundary', boundary.managedPolicyArn);
      }
      return original();
    };
  }
}
