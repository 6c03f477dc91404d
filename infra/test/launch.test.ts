/**
 * A first deploy of prod and staging from an empty account (docs/deploy.md "From an empty AWS account"),
 * on the templates as `cdk synth` makes them from the real manifests, with every option an operator
 * is told to set: an alarm email, a paging topic (`alarmTopicArn`), the GitHub repository of the
 * pipeline. Each block names what failed or could fail on the day, and what stops it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { prodContext, resources, stagingContext, synthesise, type Resource, type Synthesised } from './helpers.ts';

const PAGING_TOPIC = 'arn:aws:sns:eu-west-2:123456789012:pagerduty-prod';
const stages = {} as Record<'prod' | 'staging', Synthesised>;
beforeAll(() => {
  stages.prod = synthesise({ ...prodContext, alarmTopicArn: PAGING_TOPIC, githubRepo: 'acme/football', budgetEmails: 'finance@example.com' });
  stages.staging = synthesise({ ...stagingContext, alarmTopicArn: 'arn:aws:sns:eu-west-2:123456789012:chat-staging', githubRepo: 'acme/football' });
}, 600_000);

/** Every resource of a type in every template of a stage (nested ones included). */
const all = (stage: 'prod' | 'staging', type: string): Array<Resource & { id: string }> =>
  [...stages[stage].templates].flatMap(([stack, t]) => Object.entries(resources(t, type)).map(([id, r]) => ({ ...r, id: `${stack.node.path}/${id}` })));

describe.each(['prod', 'staging'] as const)('%s: the budget can be created', (stage) => {
  type Notification = { Subscribers: Array<{ SubscriptionType: string; Address: unknown }> };

  it('notifies one SNS topic per notification (AWS Budgets refuses a second), the stage topic, which fans out to on-call', () => {
    const [budget] = all(stage, 'AWS::Budgets::Budget');
    const notifications = budget!.Properties.NotificationsWithSubscribers as Notification[];
    expect(notifications).toHaveLength(2);
    for (const n of notifications) {
      const sns = n.Subscribers.filter((x) => x.SubscriptionType === 'SNS');
      expect(sns).toHaveLength(1);
      expect(JSON.stringify(sns[0]!.Address)).toContain(`:fp-${stage}-alarms`);
      expect(n.Subscribers.filter((x) => x.SubscriptionType === 'EMAIL').length).toBeLessThanOrEqual(10);
    }
  });
});

it('prod: emails the configured budget addresses directly, besides the topic', () => {
  const [budget] = all('prod', 'AWS::Budgets::Budget');
  for (const n of budget!.Properties.NotificationsWithSubscribers as Array<{ Subscribers: unknown[] }>) {
    expect(n.Subscribers).toContainEqual({ SubscriptionType: 'EMAIL', Address: 'finance@example.com' });
  }
});
