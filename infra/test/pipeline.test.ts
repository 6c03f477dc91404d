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
import { actionsOf, logicalId, refId, resources, statementsOfRole, type Statement } from './helpers.ts';

const workflow = readFileSync(join(repoRoot, '.github', 'workflows', 'deploy.yml'), 'utf8');
/** The text of one job (from its `  name:` line to the next job). */
const job = (name: string) => {
  const start = workflow.indexOf(`\n  ${name}:\n`);
  const next = workflow.slice(start + 1).search(/\n {2}[a-z-]+:\n/);
  return workflow.slice(start, next < 0 ? undefined : start + 1 + next);
};

describe('the deploy workflow', () => {
  it("tests, synthesises and lints, deploys staging and smoke-tests it, shows prod's diff, waits for a person, then deploys prod", () => {
    expect(job('test')).toContain('bash .ci/run');
    expect(job('synth')).toMatch(
      /needs: test[\s\S]*pipx install cfn-lint[\s\S]*npm run synth -- -c stage=staging -o (\S+)[\s\S]*npm run synth -- -c stage=prod -o (\S+)[\s\S]*cfn-lint --non-zero-exit-code error/,
    );
    expect(job('synth')).toContain('-- infra/cdk.out/staging/*.template.json infra/cdk.out/prod/*.template.json');
    expect(job('staging')).toMatch(
      /needs: synth[\s\S]*environment: staging[\s\S]*npm run release -- record --stage staging[\s\S]*npm run deploy -- -c stage=staging[\s\S]*npm run smoke -- --url/,
    );
    expect(job('production-plan')).toMatch(
      /needs: staging[\s\S]*environment: production-plan[\s\S]*AWS_PLAN_ROLE_ARN[\s\S]*diff -c stage=prod[\s\S]*GITHUB_STEP_SUMMARY/,
    );
    expect(job('production')).toMatch(
      /needs: \[staging, production-plan\][\s\S]*environment: production\n[\s\S]*npm run release -- record --stage prod[\s\S]*npm run deploy -- -c stage=prod/,
    );
  });

  it.each(['staging', 'production'])('%s: rolls the functions back to their recorded versions when the smoke test fails, and only then', (name) => {
    const stage = name === 'production' ? 'prod' : name;
    expect(job(name)).toMatch(
      new RegExp(
        `id: smoke[\\s\\S]*if: failure\\(\\) && steps\\.smoke\\.outcome == 'failure'\\n\\s+run: npm run release -- rollback --stage ${stage} --from "\\$RUNNER_TEMP/live-before\\.json"`,
      ),
    );
  });

  it('gets AWS credentials only through OIDC, only in the deploy and plan jobs, and stores no key', () => {
    expect(workflow).not.toMatch(/aws-access-key-id|aws-secret-access-key|secrets\./);
    for (const name of ['staging', 'production', 'production-plan']) expect(job(name)).toContain('id-token: write');
    for (const name of ['staging', 'production']) expect(job(name)).toContain('role-to-assume: ${{ vars.AWS_DEPLOY_ROLE_ARN }}');
    expect(job('production-plan')).toContain('role-to-assume: ${{ vars.AWS_PLAN_ROLE_ARN }}');
    for (const name of ['test', 'synth']) expect(job(name)).not.toContain('id-token');
    expect(workflow).toMatch(/^permissions:\n {2}contents: read$/m);
  });

  it('pins every action by a commit, with the release it is beside it', () => {
    const uses = [...workflow.matchAll(/^\s*-? *uses: (.+)$/gm)].map((m) => m[1]!);
    expect(uses.length).toBeGreaterThanOrEqual(10);
    for (const use of uses) expect(use).toMatch(/^[\w.-]+\/[\w.-]+@[0-9a-f]{40} # v\d+\.\d+\.\d+$/);
    // One commit per action: the same release everywhere.
    const pins = new Map<string, Set<string>>();
    for (const use of uses) {
      const [action, pin] = use.split('@') as [string, string];
      pins.set(action, (pins.get(action) ?? new Set()).add(pin));
    }
    for (const [action, set] of pins) expect(set.size, action).toBe(1);
  });
});

type Trust = { Action: string; Principal: Record<string, unknown>; Condition?: Record<string, Record<string, unknown>> };
const trustOf = (template: Template, id: string) =>
  (resources(template, 'AWS::IAM::Role')[id]!.Properties.AssumeRolePolicyDocument as { Statement: Trust[] }).Statement;
const github = (trust: Trust[]) => trust.find((t) => t.Action === 'sts:AssumeRoleWithWebIdentity')!;

describe.each([
  ['staging', 'repo:acme/football:environment:staging:ref:refs/heads/main'],
  ['prod', 'repo:acme/football:environment:production:ref:refs/heads/main'],
] as const)('the roles of the %s account', (stage, sub) => {
  const app = newApp();
  const stack = new GithubDeployStack(app, 'fp-github-deploy', {
    repository: 'acme/football',
    appName: 'fp',
    stage,
    env: { account: '123456789012', region: 'eu-west-2' },
  });
  const template = Template.fromStack(stack);

  it(`trusts GitHub's OIDC tokens of the ${stage === 'prod' ? 'production' : 'staging'} environment from main only, and not the account root`, () => {
    template.hasResourceProperties('AWS::IAM::OIDCProvider', { Url: 'https://token.actions.githubusercontent.com', ClientIdList: ['sts.amazonaws.com'] });
    const trust = trustOf(template, logicalId(stack.role));
    expect(github(trust).Condition).toEqual({
      StringEquals: { 'token.actions.githubusercontent.com:aud': 'sts.amazonaws.com', 'token.actions.githubusercontent.com:sub': sub },
    });
    expect(trust.filter((t) => t.Action === 'sts:AssumeRole')).toEqual([]);
    expect(JSON.stringify(trust)).not.toContain(':root');
  });

  it("may deploy the stage's stacks through CloudFormation with the named execution role, and never assume a CDK bootstrap role", () => {
    const statements = statementsOfRole(template, logicalId(stack.role)) as Array<Statement & { Condition?: unknown }>;
    const allowed = statements.filter((st) => st.Effect === 'Allow');
    expect(allowed.flatMap(actionsOf).some((a) => a.startsWith('sts:'))).toBe(false);
    const deny = statements.find((st) => st.Effect === 'Deny')!;
    expect(actionsOf(deny)).toContain('sts:AssumeRole');
    expect(JSON.stringify(deny.Resource)).toContain(':role/cdk-*');
    const pass = allowed.find((st) => actionsOf(st).includes('iam:PassRole'))!;
    expect(refId(pass.Resource)).toBe(logicalId(stack.executionRole));
    expect(pass.Condition).toEqual({ StringEquals: { 'iam:PassedToService': 'cloudformation.amazonaws.com' } });
    const cloudformation = allowed.filter((st) => actionsOf(st).some((a) => a.startsWith('cloudformation:')));
    for (const st of cloudformation) expect(JSON.stringify(st.Resource)).toContain(`:stack/fp-${stage}-*/*`);
    expect(allowed.flatMap(actionsOf)).toEqual(
      expect.arrayContaining(['cloudformation:CreateChangeSet', 'cloudformation:ExecuteChangeSet', 'lambda:UpdateAlias']),
    );
    // No service action of its own (tables, secrets, buckets...): only CloudFormation does that.
    expect(allowed.flatMap(actionsOf).filter((a) => /^(dynamodb|secretsmanager|iam:(Create|Put|Attach))/.test(a))).toEqual([]);
  });

  it('lets CloudFormation alone act as the execution role', () => {
    const [trust] = trustOf(template, logicalId(stack.executionRole));
    expect(trust!.Principal).toEqual({ Service: 'cloudformation.amazonaws.com' });
    expect(resources(template, 'AWS::IAM::Role')[logicalId(stack.executionRole)]!.Properties.RoleName).toBe('fp-cfn-exec');
  });

  it(stage === 'prod' ? 'has a read-only plan role for the diff the approver sees, from main only' : 'has no plan role', () => {
    if (stage !== 'prod') {
      expect(stack.planRole).toBeUndefined();
      return;
    }
    expect(github(trustOf(template, logicalId(stack.planRole!))).Condition).toEqual({
      StringEquals: {
        'token.actions.githubusercontent.com:aud': 'sts.amazonaws.com',
        'token.actions.githubusercontent.com:sub': 'repo:acme/football:environment:production-plan:ref:refs/heads/main',
      },
    });
    expect(statementsOfRole(template, logicalId(stack.planRole!)).flatMap(actionsOf).sort()).toEqual([
      'cloudformation:DescribeStackResources',
      'cloudformation:DescribeStacks',
      'cloudformation:GetTemplate',
      'cloudformation:ListStackResources',
    ]);
  });
});
