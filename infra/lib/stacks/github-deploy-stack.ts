import { CfnOutput, DefaultStackSynthesizer, Stack, type StackProps } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type { Construct } from 'constructs';
import { acknowledge } from '../nag.ts';

/** GitHub's OIDC issuer: its tokens say which repository, branch and environment a job runs for. */
export const GITHUB_OIDC_URL = 'https://token.actions.githubusercontent.com';
/** The GitHub environments of .github/workflows/deploy.yml allowed to deploy. */
export const DEPLOY_ENVIRONMENTS = ['staging', 'production'] as const;

export interface GithubDeployStackProps extends StackProps {
  /** `owner/name` of the repository whose workflow may deploy. */
  repository: string;
  appName: string;
}

/**
 * What the pipeline assumes instead of stored keys (once per AWS account): GitHub's OIDC provider
 * and a role that only jobs of this repository's `staging` and `production` environments can
 * assume, for an hour, and that can do nothing but assume the CDK bootstrap roles (which deploy)
 * and read the stage's stack outputs (the smoke test's URL).
 */
export class GithubDeployStack extends Stack {
  readonly role: iam.Role;

  constructor(scope: Construct, id: string, props: GithubDeployStackProps) {
    super(scope, id, props);
    const provider = new iam.OidcProviderNative(this, 'GithubOidc', { url: GITHUB_OIDC_URL, clientIds: ['sts.amazonaws.com'] });
    this.role = new iam.Role(this, 'DeployRole', {
      roleName: `${props.appName}-github-deploy`,
      description: `GitHub Actions of ${props.repository} (environments ${DEPLOY_ENVIRONMENTS.join(', ')}): cdk deploy through the bootstrap roles`,
      assumedBy: new iam.WebIdentityPrincipal(provider.oidcProviderArn, {
        StringEquals: { 'token.actions.githubusercontent.com:aud': 'sts.amazonaws.com' },
        'ForAnyValue:StringEquals': { 'token.actions.githubusercontent.com:sub': DEPLOY_ENVIRONMENTS.map((e) => `repo:${props.repository}:environment:${e}`) },
      }),
    });
    const qualifier = DefaultStackSynthesizer.DEFAULT_QUALIFIER;
    this.role.addToPolicy(
      new iam.PolicyStatement({ sid: 'UseCdkBootstrapRoles', actions: ['sts:AssumeRole'], resources: [`arn:${this.partition}:iam::${this.account}:role/cdk-${qualifier}-*`] }),
    );
    this.role.addToPolicy(
      new iam.PolicyStatement({
        sid: 'ReadStackOutputs',
        actions: ['cloudformation:DescribeStacks'],
        resources: [`arn:${this.partition}:cloudformation:*:${this.account}:stack/${props.appName}-*/*`],
      }),
    );
    acknowledge(this.role, `IAM5[Resource::arn:${this.partition}:iam::${this.account}:role/cdk-${qualifier}-*]`, 'The CDK bootstrap roles of this account (deploy, file publishing, lookup): the CLI picks the one each step needs.');
    acknowledge(this.role, `IAM5[Resource::arn:${this.partition}:cloudformation:*:${this.account}:stack/${props.appName}-*/*]`, "Read-only: the outputs of the stage's stacks (the smoke test reads SiteUrl); the stack ids end in a random suffix.");
    new CfnOutput(this, 'DeployRoleArn', { description: 'Set as the AWS_DEPLOY_ROLE_ARN variable of the staging and production environments on GitHub', value: this.role.roleArn });
  }
}
