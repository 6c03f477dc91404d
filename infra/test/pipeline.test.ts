/**
 * The deploy pipeline: .github/workflows/deploy.yml (read as text: no YAML parser is needed for
 * what is checked) and the role it assumes through GitHub's OIDC tokens.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { newApp } from '../lib/app.ts';
import { repoRoot } from '../lib/bundling.ts';
import { GithubDeployStack } from '../lib/stacks/github-deploy-stack.ts';
import { resources, statementsOfRole, actionsOf, logicalId } from './helpers.ts';

const workflow = readFileSync(join(repoRoot, '.github', 'workflows', 'deploy.yml'), 'utf8');
/** The text of one job (from its `  name:` line to the next job). */
const job = (name: string) => {
  const start = workflow.indexOf(`\n  ${name}:\n`);
  const next = workflow.slice(start + 1).search(/\n {2}[a-z-]+:\n/);
  return workflow.slice(start, next < 0 ? undefined : start + 1 + next);
};

describe('the deploy workflow', () => {
  it('tests, synthesises, deploys staging and smoke-tests it, waits for a person, then deploys prod', () => {
    expect(job('test')).toContain('bash .ci/run');
    expect(job('synth')).toMatch(/needs: test[\s\S]*npm run synth -- -c stage=staging[\s\S]*npm run synth -- -c stage=prod/);
    expect(job('staging')).toMatch(/needs: synth[\s\S]*environment: staging[\s\S]*npm run deploy -- -c stage=staging[\s\S]*npm run smoke -- --url/);
    expect(job('production')).toMatch(/needs: staging[\s\S]*environment: production[\s\S]*npm run deploy -- -c stage=prod/);
  });

  it('gets AWS credentials only through OIDC, only in the deploy jobs, and stores no key', () => {
    expect(workflow).not.toMatch(/aws-access-key-id|aws-secret-access-key|secrets\./);
    for (const name of ['staging', 'production']) {
      expect(job(name)).toContain('id-token: write');
      expect(job(name)).toContain('role-to-assume: ${{ vars.AWS_DEPLOY_ROLE_ARN }}');
    }
    for (const name of ['test', 'synth']) expect(job(name)).not.toContain('id-token');
    expect(workflow).toMatch(/^permissions:\n {2}contents: read$/m);
  });
});

describe('the role the pipeline assumes', () => {
  const app = newApp();
  const stack = new GithubDeployStack(app, 'fp-github-deploy', { repository: 'acme/football', appName: 'fp', env: { account: '123456789012', region: 'eu-west-2' } });
  const template = Template.fromStack(stack);

  it("trusts GitHub's OIDC tokens of this repository's staging and production environments only", () => {
    template.hasResourceProperties('AWS::IAM::OIDCProvider', { Url: 'https://token.actions.githubusercontent.com', ClientIdList: ['sts.amazonaws.com'] });
    const role = resources(template, 'AWS::IAM::Role')[logicalId(stack.role)]!;
    const [trust] = (role.Properties.AssumeRolePolicyDocument as { Statement: Array<{ Action: string; Condition: Record<string, Record<string, unknown>> }> }).Statement;
    expect(trust!.Action).toBe('sts:AssumeRoleWithWebIdentity');
    expect(trust!.Condition).toEqual({
      StringEquals: { 'token.actions.githubusercontent.com:aud': 'sts.amazonaws.com' },
      'ForAnyValue:StringEquals': { 'token.actions.githubusercontent.com:sub': ['repo:acme/football:environment:staging', 'repo:acme/football:environment:production'] },
    });
  });

  it('may only assume the CDK bootstrap roles and read the stage stacks', () => {
    const statements = statementsOfRole(template, logicalId(stack.role));
    expect(statements.flatMap(actionsOf).sort()).toEqual(['cloudformation:DescribeStacks', 'sts:AssumeRole']);
    expect(JSON.stringify(statements.find((s) => actionsOf(s).includes('sts:AssumeRole'))!.Resource)).toContain(':role/cdk-hnb659fds-*');
  });
});
