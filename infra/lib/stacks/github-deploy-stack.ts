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
/** The only branch whose workflow may deploy staging or production (or read prod for its plan). */
export const PRODUCTION_REF = 'refs/heads/main';

/** `fp-deploy`, `fp-cfn-exec`: the roles a staging or prod deploy goes through (lib/app.ts names them in its synthesizer). */
export const deployRoleName = (appName: string) => `${appName}-deploy`;
export const executionRoleName = (appName: string) => `${appName}-cfn-exec`;
/** `fp-prod-boundary`: the permissions boundary every role of the stage's templates carries (lib/app.ts applies it). */
export const boundaryPolicyName = (appName: string, stage: string) => `${appName}-${stage}-boundary`;
/** `fp-prod-*`: the only role names the execution role may create or change (CloudFormation names a stack's roles `<stack name>-...`). */
export const stageRoleNames = (appName: string, stage: string) => `${appName}-${stage}-*`;

/**
 * What a role of the stage's templates may ever do at run time (the permissions boundary): the
 * services the functions, the canary, CodeDeploy, AWS Backup and the CDK custom resources call.
 * No IAM, no STS, no Organizations: a role that a template grants `*:*` still cannot make itself or
 * anyone else more powerful.
 */
export const RUNTIME_SERVICES = [
  'backup',
  'cloudfront',
  'cloudwatch',
  'dynamodb',
  'events',
  'kms',
  'lambda',
  'logs',
  's3',
  'secretsmanager',
  'ses',
  'sns',
  'sqs',
  'ssm',
  'synthetics',
  'tag',
  'xray',
] as const;

/** IAM actions that would let a role or a template escape the boundary, or mint long-lived credentials: denied to the execution role. */
export const ESCALATION_ACTIONS = [
  'iam:CreateUser',
  'iam:CreateAccessKey',
  'iam:CreateLoginProfile',
  'iam:UpdateLoginProfile',
  'iam:AttachUserPolicy',
  'iam:PutUserPolicy',
  'iam:AddUserToGroup',
  'iam:DeleteRolePermissionsBoundary',
  'iam:CreatePolicyVersion',
  'iam:SetDefaultPolicyVersion',
  'iam:DeletePolicy',
  'iam:DeletePolicyVersion',
] as const;

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
 * - the deploy role: assumed by GitHub's OIDC token of this repository's environment for the stage,
 *   from `main` only (never by the account root: administrators use their own credentials). It may run CloudFormation on
 *   the stage's stacks with the execution role below, upload assets, read the stacks' outputs and move
 *   the functions' `live` aliases back (a failed smoke test). It may not assume any CDK bootstrap role
 *   (their execution role is an administrator) nor call the services itself.
 * - the execution role CloudFormation acts as: the services the templates use; of IAM, only roles
 *   named `<app>-<stage>-*` that carry the stage's permissions boundary, never a user or an access key.
 * - the boundary itself (`<app>-<stage>-boundary`): the run-time services, no IAM.
 * - in the prod account, a plan role for the `production-plan` environment: reads the stacks'
 *   templates for the `cdk diff` the approver sees, nothing else.
 */
export class GithubDeployStack extends Stack {
  readonly role: iam.Role;
  readonly executionRole: iam.Role;
  readonly boundary: iam.ManagedPolicy;
  readonly planRole?: iam.Role;

  constructor(scope: Construct, id: string, props: GithubDeployStackProps) {
    super(scope, id, props);
    const provider = new iam.OidcProviderNative(this, 'GithubOidc', { url: GITHUB_OIDC_URL, clientIds: ['sts.amazonaws.com'] });
    const environment = DEPLOY_ENVIRONMENT[props.stage];
    const prod = props.stage === 'prod';
    const stacks = `arn:${this.partition}:cloudformation:*:${this.account}:stack/${props.appName}-${props.stage}-*/*`;
    const qualifier = DefaultStackSynthesizer.DEFAULT_QUALIFIER;

    ({ boundary: this.boundary, executionRole: this.executionRole } = this.executionRoleWithBoundary(props));

    this.role = new iam.Role(this, 'DeployRole', {
      roleName: deployRoleName(props.appName),
      description: `GitHub Actions of ${props.repository} (environment ${environment}, main only): deploy ${props.stage} through CloudFormation`,
      // GitHub's token only: trusting the account root would let any principal of the account with
      // sts:AssumeRole on * borrow the pipeline. Administrators deploy with their own credentials (docs/deploy.md).
      assumedBy: githubPrincipal(provider, props.repository, environment),
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
    allow('RollBackAliases', ['lambda:GetAlias', 'lambda:UpdateAlias', 'lambda:ListVersionsByFunction', 'lambda:GetFunctionConcurrency'], [functions]);
    // `npm run release -- prune`: old versions only (a qualified ARN, `name:version`), never a whole function.
    const versions = `${functions}:*`;
    allow('PruneVersions', ['lambda:DeleteFunction'], [versions]);
    allow('FindFunctions', ['lambda:ListFunctions', 'lambda:GetAccountSettings'], ['*']);
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
    acknowledge(
      this.role,
      `IAM5[Resource::${versions}]`,
      `${why} deletes old published versions of the stage's functions (npm run release -- prune); the version is the qualifier.`,
    );
    acknowledge(
      this.role,
      'IAM5[Resource::*]',
      `${why} lambda:ListFunctions and GetAccountSettings have no resource-level permission; it finds the stage's functions by name prefix and checks the concurrency quota before a deploy.`,
    );
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
        assumedBy: githubPrincipal(provider, props.repository, PLAN_ENVIRONMENT),
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

  /**
   * The permissions boundary of the stage's roles, and the execution role CloudFormation acts as:
   * every service the stacks create resources of, and of IAM only the stage's roles with that boundary.
   */
  private executionRoleWithBoundary(props: GithubDeployStackProps): { boundary: iam.ManagedPolicy; executionRole: iam.Role } {
    // The boundary every role of the stage's templates carries (lib/app.ts applies it to each stack).
    const boundary = new iam.ManagedPolicy(this, 'Boundary', {
      managedPolicyName: boundaryPolicyName(props.appName, props.stage),
      description: `The permissions boundary of every role the ${props.stage} stacks create: run-time services only, no IAM`,
      statements: [
        new iam.PolicyStatement({ sid: 'RunTimeServices', actions: RUNTIME_SERVICES.map((x) => `${x}:*`), resources: ['*'] }),
        new iam.PolicyStatement({
          sid: 'NeverIdentity',
          effect: iam.Effect.DENY,
          actions: ['iam:*', 'sts:AssumeRole', 'sts:AssumeRoleWithWebIdentity', 'organizations:*', 'account:*'],
          resources: ['*'],
        }),
      ],
    });
    acknowledge(
      boundary,
      'IAM5[Resource::*]',
      "A permissions boundary is a ceiling, not a grant: each role's own policy names its resources; this caps every role at these services.",
    );
    for (const service of RUNTIME_SERVICES) {
      acknowledge(boundary, `IAM5[Action::${service}:*]`, 'A permissions boundary is a ceiling over the run-time services, not a grant.');
    }

    const roles = `arn:${this.partition}:iam::${this.account}:role/${stageRoleNames(props.appName, props.stage)}`;
    // Its name, not a reference: the stage's stacks name it the same way (lib/app.ts).
    const boundaryArn = `arn:${this.partition}:iam::${this.account}:policy/${boundaryPolicyName(props.appName, props.stage)}`;
    const withBoundary = { StringEquals: { 'iam:PermissionsBoundary': boundaryArn } };
    const executionRole = new iam.Role(this, 'ExecutionRole', {
      roleName: executionRoleName(props.appName),
      description: `CloudFormation deploys the ${props.stage} stacks as this role (only the services they use; roles only fp-${props.stage}-* with the boundary)`,
      assumedBy: new iam.ServicePrincipal('cloudformation.amazonaws.com'),
      inlinePolicies: {
        Deploy: new iam.PolicyDocument({
          statements: [
            new iam.PolicyStatement({
              sid: 'StageServices',
              actions: EXECUTION_SERVICES.filter((x) => x !== 'iam').map((x) => `${x}:*`),
              resources: ['*'],
            }),
            // A role is created, and given a policy, only under the stage's names and with the boundary.
            new iam.PolicyStatement({
              sid: 'StageRolesWithBoundary',
              actions: [
                'iam:CreateRole',
                'iam:PutRolePermissionsBoundary',
                'iam:PutRolePolicy',
                'iam:DeleteRolePolicy',
                'iam:AttachRolePolicy',
                'iam:DetachRolePolicy',
              ],
              resources: [roles],
              conditions: withBoundary,
            }),
            new iam.PolicyStatement({
              sid: 'StageRoles',
              actions: [
                'iam:GetRole',
                'iam:GetRolePolicy',
                'iam:ListRolePolicies',
                'iam:ListAttachedRolePolicies',
                'iam:ListRoleTags',
                'iam:TagRole',
                'iam:UntagRole',
                'iam:UpdateRole',
                'iam:UpdateRoleDescription',
                'iam:UpdateAssumeRolePolicy',
                'iam:DeleteRole',
                'iam:PassRole',
              ],
              resources: [roles],
            }),
            // Services create their own service-linked roles on first use (API Gateway, Backup...): AWS fixes their policies.
            new iam.PolicyStatement({
              sid: 'ServiceLinkedRoles',
              actions: ['iam:CreateServiceLinkedRole'],
              resources: [`arn:${this.partition}:iam::${this.account}:role/aws-service-role/*`],
            }),
            new iam.PolicyStatement({ sid: 'NoEscalation', effect: iam.Effect.DENY, actions: [...ESCALATION_ACTIONS], resources: ['*'] }),
            new iam.PolicyStatement({
              sid: 'BoundaryUntouched',
              effect: iam.Effect.DENY,
              actions: ['iam:CreatePolicyVersion', 'iam:DeletePolicy', 'iam:DeletePolicyVersion', 'iam:SetDefaultPolicyVersion', 'iam:TagPolicy'],
              resources: [boundaryArn],
            }),
          ],
        }),
      },
    });

    const exec =
      "CloudFormation acts as this role to create and update the stage's resources, which are of these services; " +
      'resource names are chosen by CloudFormation and the stacks, so no narrower resource can be named. Only the deploy role may pass it, only to CloudFormation.';
    for (const service of EXECUTION_SERVICES) if (service !== 'iam') acknowledge(executionRole, `IAM5[Action::${service}:*]`, exec);
    acknowledge(executionRole, 'IAM5[Resource::*]', exec);
    acknowledge(
      executionRole,
      `IAM5[Resource::${roles}]`,
      "The stage's roles: CloudFormation names them after their stack (fp-<stage>-<part>-...) with a random suffix; created only with the boundary.",
    );
    acknowledge(
      executionRole,
      `IAM5[Resource::arn:${this.partition}:iam::${this.account}:role/aws-service-role/*]`,
      'Service-linked roles, whose policies AWS fixes: a service creates its own on first use.',
    );
    return { boundary, executionRole };
  }
}

/**
 * Trusts the OIDC tokens of one environment of the repository, from `main` only. With the
 * repository's subject claim customised to `repo`, `context` and `ref` (docs/deploy.md "Pipeline"),
 * GitHub's `sub` is `repo:<owner>/<name>:environment:<env>:ref:refs/heads/main`: a workflow run from
 * any other branch, even in the right environment, carries another subject and is refused.
 */
function githubPrincipal(provider: iam.IOidcProvider, repository: string, environment: string): iam.IPrincipal {
  return new iam.WebIdentityPrincipal(provider.oidcProviderArn, {
    StringEquals: {
      [`${ISSUER}:aud`]: 'sts.amazonaws.com',
      [`${ISSUER}:sub`]: `repo:${repository}:environment:${environment}:ref:${PRODUCTION_REF}`,
    },
  });
}
