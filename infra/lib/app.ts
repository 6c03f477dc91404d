/**
 * Assembles the CDK app: the app stack (in the configured region) and, when WAF or an issued
 * certificate is wanted, the us-east-1 edge stack; cdk-nag AwsSolutions on everything.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { App, Tags, Validations, type AppProps } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { schedules as definedSchedules, type ScheduleDefinition } from '@app/events/schedules';
import {
  consumers as definedConsumers,
  routes as definedRoutes,
  tasks as definedTasks,
  type ConsumerDefinition,
  type RouteDefinition,
  type TaskDefinition,
} from '@app/functions/routes';
import { AppStack, SERVICE_NAME } from './app-stack.ts';
import { repoRoot } from './bundling.ts';
import { ConfigError, namePrefix, readConfig, type DeployConfig } from './config.ts';
import { EdgeStack } from './edge-stack.ts';
import { FEATURE_FLAGS } from './feature-flags.ts';

export const DEFAULT_WEB_DIST = join(repoRoot, 'web', 'dist');

/** An App with the pinned feature flags as context defaults (cdk.json and -c still override). */
export function newApp(props: AppProps = {}): App {
  return new App({ ...props, context: { ...FEATURE_FLAGS, ...props.context } });
}

export interface BuildOptions {
  config?: DeployConfig;
  routes?: readonly RouteDefinition[];
  consumers?: readonly ConsumerDefinition[];
  schedules?: readonly ScheduleDefinition[];
  tasks?: readonly TaskDefinition[];
  /** Prebuilt Lambda bundles (`bundleFunctions`); needed whenever CDK bundles. */
  bundleDir?: string;
  /** The built SPA; `null`: never upload. Default: web/dist when it has an index.html. */
  webDist?: string | null;
}

export interface BuiltApp {
  config: DeployConfig;
  stack: AppStack;
  edge?: EdgeStack;
}

function resolveWebDist(option: string | null | undefined, requireWeb: boolean): string | undefined {
  if (option === null) return undefined;
  const dir = option ?? DEFAULT_WEB_DIST;
  if (existsSync(join(dir, 'index.html'))) return dir;
  if (requireWeb) throw new ConfigError(`No built SPA in ${dir} (index.html missing): run \`npm run build\` first, or deploy with \`npm run deploy\`.`);
  return undefined;
}

export function buildApp(app: App, options: BuildOptions = {}): BuiltApp {
  const config = options.config ?? readConfig(app.node);
  const routes = options.routes ?? definedRoutes;
  const stackName = namePrefix(config).replace(/-$/, '');
  const env = { account: config.account, region: config.region };

  Tags.of(app).add('app', SERVICE_NAME);
  Tags.of(app).add('stage', config.stage);

  // The app stack reads the edge stack's outputs with Fn::GetStackOutput (cross-region "weak"
  // references, lib/feature-flags.ts), so no custom resources are involved.
  const needsEdge = config.waf || Boolean(config.domainName && config.hostedZoneId && !config.certificateArn);
  const edge = needsEdge
    ? new EdgeStack(app, `${stackName}-edge`, {
        config,
        rawBodyPaths: routes.filter((r) => r.rawBody).map((r) => r.path),
        passwordPaths: routes.filter((r) => r.password).map((r) => r.path),
        env: { account: config.account, region: 'us-east-1' },
        terminationProtection: config.stage === 'prod',
        description: `${SERVICE_NAME} ${config.stage}: WAF web ACL and certificate for CloudFront (us-east-1)`,
      })
    : undefined;

  const stack = new AppStack(app, stackName, {
    config,
    routes,
    consumers: options.consumers ?? definedConsumers,
    schedules: options.schedules ?? definedSchedules,
    tasks: options.tasks ?? definedTasks,
    bundleDir: options.bundleDir,
    webDist: resolveWebDist(options.webDist, config.requireWeb),
    webAclArn: edge?.webAclArn,
    certificate: edge?.certificate,
    env,
    // `cdk destroy` of prod fails until someone switches this off on purpose (docs/deploy.md).
    terminationProtection: config.stage === 'prod',
    description: `${SERVICE_NAME} ${config.stage}: site, API, jobs, table`,
  });

  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return { config, stack, edge };
}
