import { CfnOutput, DefaultStackSynthesizer, Stack, type StackProps } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type { Construct } from 'constructs';
import type { Stage } from '../config.ts';
import { acknowledge } from '../nag.ts';

/** GitHub's OIDC issuer: its tokens say which repository, branch and environment a job runs for. */
export const GITHUB_OIDC_URL = 'https://token.actions.githubusercontent.com';
const ISSUER = 'token.actions.githubusercontent.com';
/** The GitHub environment of .github/workflows/deploy.yml that deploys each stage. */
export const DEPLOY_ENVIRONMENT = { staging: 'staging', prod: 'production' } as const satisfies Record<Exclude<Stage, 'dev'>, string>;
/** The environment whose job shows the approver prod's `cdk diff` before the approval (read-only). */
export const PLAN_ENVIRONMENT = 'production-plan';
/** The only branch whose workflow may act as production (or read prod for its plan). */
export const PRODUCTION_REF = 'refs/heads/main';

/** `fp-deploy`, `fp-cfn-exec`: the roles a staging or prod deploy goes through (lib/app.ts names them in its synthesizer). */
export const deployRoleName = (appName: string) => `${appName}-deploy`;
export const executionRoleName = (appName: string) => `${appName}-cfn-exec`;

/**
 * The services the stage's templates create resources of: what CloudFormation, acting as the
 * execution role, may call (kms: the backup vaults' AWS-managed key takes grants). Everything
 * else (EC2, RDS, Organizations...) it may not.
 */
export const EXECUTION_SERVICES = [
  'acm',
  'apigateway',
  'backup',
  'backup-storage',
  'budgets',
  'cloudformation',
  'cloudfront',
  'cloudwatch',
  'codedeploy',
  'dynamodb',
  'events',
  'iam',
  'kms',
  'lambda',
  'logs',
  'route53',
  's3',
  'scheduler',
  'secretsmanager',
  'ses',
  'sns',
  'sqs',
  'ssm',
  'synthetics',
  'wafv2',
] as const;

export interface GithubDeployStackProps extends StackProps {
  /** `owner/name` of the repository whose workflow may deploy. */
  repository: string;
  appName: string;
  /** The stage this account runs: staging or prod (each in its own account; docs/deploy.md "Pipeline"). */
  stage: Exclude<Stage, 'dev'>;
}

/**
 * What the pipeline deploys with instead of stored keys (once per AWS account, one stage per account;
 * docs/decisions/0241-a-pipeline-that-cannot-be-borrowed.md):
 * - the deploy role: assumed by GitHub's OIDC token of this repository's environment for the stage
 *   (production: from `main` only) or by an administrator of the account. It may run CloudFormation on
 *   the stage's stacks with the execution role below, upload assets, read the stacks' outputs and move
 *   the functions' `live` aliases back (a failed smoke test). It may not assume any CDK bootstrap role
 *   (their execution role is an administrator) nor call the services itself.
 * - the execution role CloudFormation acts as: the services the templates use, nothing else.
 * - in the prod account, a plan role for the `production-plan` environment: reads the stacks'
 *   templates for the `cdk diff` the approver sees, nothing else.
 */
export class GithubDeployStack extends Stack {
  readonly role: iam.Role;
  readonly executionRole: iam.Role;
  readonly planRole?: iam.Role;

  constructor(scope: Construct, id: string, props: GithubDeployStackProps) {
    super(scope, id, props);
    const provider = new iam.OidcProviderNative(this, 'GithubOidc', { url: GITHUB_OIDC_URL, clientIds: ['sts.amazonaws.com'] });
    const environment = DEPLOY_ENVIRONMENT[props.stage];
    const prod = props.stage === 'prod';
    const stacks = `arn:${this.partition}:cloudformation:*:${this.account}:stack/${props.appName}-${props.stage}-*/*`;
    const qualifier = DefaultStackSynthesizer.DEFAULT_QUALIFIER;

    this.executionRole = new iam.Role(this, 'ExecutionRole', {
      roleName: executionRoleName(props.appName),
      description: `CloudFormation deploys the ${props.stage} stacks as this role (only the services they use)`,
      assumedBy: new iam.ServicePrincipal('cloudformation.amazonaws.com'),
      inlinePolicies: {
        Deploy: new iam.PolicyDocument({ statements: [new iam.PolicyStatement({ actions: EXECUTION_SERVICES.map((s) => `${s}:*`), resources: ['*'] })] }),
      },
    });

    const exec =
      "CloudFormation acts as this role to create and update the stage's resources, which are of these services; " +
      'resource names are chosen by CloudFormation and the stacks, so no narrower resource can be named. Only the deploy role may pass it, only to CloudFormation.';
    for (const service of EXECUTION_SERVICES) acknowledge(this.executionRole, `IAM5[Action::${service}:*]`, exec);
    acknowledge(this.executionRole, 'IAM5[Resource::*]', exec);

    this.role = new iam.Role(this, 'DeployRole', {
      roleName: deployRoleName(props.appName),
      description: `GitHub Actions of ${props.repository} (environment ${environment}${prod ? ', main only' : ''}) and the account's administrators: deploy ${props.stage} through CloudFormation`,
      assumedBy: new iam.CompositePrincipal(githubPrincipal(provider, props.repository, environment, prod), new iam.AccountRootPrincipal()),
    });
    const allow = (sid: string, actions: string[], resources: string[], conditions?: Record<string, unknown>) =>
      this.role.addToPolicy(new iam.PolicyStatement({ sid, actions, resources, ...(conditions ? { conditions } : {}) }));
    allow(
      'DeployStageStacks',
      [
        'cloudformation:CreateChangeSet',
        'cloudformation:DescribeChangeSet',
        'cloudformation:ExecuteChangeSet',
        'cloudformation:DeleteChangeSet',
        'cloudformation:DescribeStacks',
        'cloudformation:DescribeStackEvents',
        'cloudformation:GetTemplate',
        'cloudformation:GetTemplateSummary',
        'cloudformation:ListStackResources',
        'cloudformation:DescribeStackResources',
        'cloudformation:UpdateTerminationProtection',
      ],
      [stacks],
    );
    allow('PassExecutionRole', ['iam:PassRole'], [this.executionRole.roleArn], { StringEquals: { 'iam:PassedToService': 'cloudformation.amazonaws.com' } });
    const assets = `arn:${this.partition}:s3:::cdk-${qualifier}-assets-${this.account}-*`;
    allow('UploadAssets', ['s3:PutObject', 's3:GetObject', 's3:ListBucket', 's3:GetBucketLocation'], [assets, `${assets}/*`]);
    allow(
      'ReadBootstrapVersion',
      ['ssm:GetParameter', 'ssm:GetParameters'],
      [`arn:${this.partition}:ssm:*:${this.account}:parameter/cdk-bootstrap/${qualifier}/version`],
    );
    const functions = `arn:${this.partition}:lambda:*:${this.account}:function:${props.appName}-${props.stage}-*`;
    allow('RollBackAliases', ['lambda:GetAlias', 'lambda:UpdateAlias'], [functions]);
    allow('FindFunctions', ['lambda:ListFunctions'], ['*']);
    const why = "The pipeline's deploy role:";
    acknowledge(
      this.role,
      `IAM5[Resource::${stacks}]`,
      `${why} the stage's stacks in every region it deploys to (edge stacks in us-east-1); stack ids end in a random suffix.`,
    );
    acknowledge(
      this.role,
      `IAM5[Resource::${functions}]`,
      `${why} moves the live alias of the stage's functions back after a failed smoke test (npm run release -- rollback).`,
    );
    acknowledge(this.role, 'IAM5[Resource::*]', `${why} lambda:ListFunctions has no resource-level permission; it finds the stage's functions by name prefix.`);
    acknowledge(
      this.role,
      `IAM5[Resource::${assets}]`,
      `${why} the CDK asset buckets of this account, one per region (the functions' bundles, nested templates).`,
    );
    acknowledge(this.role, `IAM5[Resource::${assets}/*]`, `${why} uploads assets under the content-hash keys CDK chooses.`);
    acknowledge(
      this.role,
      `IAM5[Resource::arn:${this.partition}:ssm:*:${this.account}:parameter/cdk-bootstrap/${qualifier}/version]`,
      `${why} reads the bootstrap version every region's template checks.`,
    );
    this.role.addToPolicy(
      new iam.PolicyStatement({
        sid: 'NeverTheBootstrapRoles',
        effect: iam.Effect.DENY,
        actions: ['sts:AssumeRole', 'sts:TagSession'],
        resources: [`arn:${this.partition}:iam::${this.account}:role/cdk-*`],
      }),
    );

    if (prod) {
      this.planRole = new iam.Role(this, 'PlanRole', {
        roleName: `${props.appName}-plan`,
        description: `GitHub Actions of ${props.repository} (environment ${PLAN_ENVIRONMENT}, main only): read prod's templates for cdk diff`,
        assumedBy: githubPrincipal(provider, props.repository, PLAN_ENVIRONMENT, true),
      });
      this.planRole.addToPolicy(
        new iam.PolicyStatement({
          actions: [
            'cloudformation:DescribeStacks',
            'cloudformation:GetTemplate',
            'cloudformation:ListStackResources',
            'cloudformation:DescribeStackResources',
          ],
          resources: [stacks],
        }),
      );
      acknowledge(
        this.planRole,
        `IAM5[Resource::${stacks}]`,
        "Read-only: the templates of the stage's stacks (cdk diff); the stack ids end in a random suffix, and the edge stacks are in us-east-1.",
      );
      new CfnOutput(this, 'PlanRoleArn', {
        description: `Set as the AWS_PLAN_ROLE_ARN variable of the ${PLAN_ENVIRONMENT} environment on GitHub`,
        value: this.planRole.roleArn,
      });
    }

    new CfnOutput(this, 'DeployRoleArn', {
      description: `Set as the AWS_DEPLOY_ROLE_ARN variable of the ${environment} environment on GitHub`,
      value: this.role.roleArn,
    });
  }
}

/**
 * Trusts the OIDC tokens of one environment of the repository. GitHub's default `sub` is
 * `repo:<owner>/<name>:environment:<env>`; with the repository's subject claim customised to
 * `repo`, `context` and `ref` (docs/deploy.md "Pipeline"), it is `...:environment:<env>:ref:<ref>`,
 * which binds production to `main`.
 */
function githubPrincipal(provider: iam.IOidcProvider, repository: string, environment: string, mainOnly: boolean): iam.IPrincipal {
  const aud = { [`${ISSUER}:aud`]: 'sts.amazonaws.com' };
  const sub = { [`${ISSUER}:sub`]: `repo:${repository}:environment:${environment}:ref:${mainOnly ? PRODUCTION_REF : '*'}` };
  return new iam.WebIdentityPrincipal(provider.oidcProviderArn, mainOnly ? { StringEquals: { ...aud, ...sub } } : { StringEquals: aud, StringLike: sub });
}
