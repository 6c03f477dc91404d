/**
 * Email on AWS: the SES identity and configuration set, the email queue with its dead-letter
 * queue, and who may send: only the email consumer may call SES (from the configured sender, with
 * the configuration set), and only the routes that request email may write to the email queue
 * (no job function, and the email routes no job queue). Bounces and complaints come back on the
 * email-events queue.
 */
import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_RECEIVE_COUNT, visibilityTimeoutSeconds } from '@app/events/queues';
import { ConfigError, readConfig } from '../lib/config.ts';
import { DataStack } from '../lib/stacks/data-stack.ts';
import { actionsOf, logicalId, prodContext, resources, statementsOfRole, synthesise, testApp, type Synthesised } from './helpers.ts';

let dev: Synthesised;
beforeAll(() => {
  dev = synthesise();
});

type Fn = Synthesised['functions'][number];
const statements = (s: Synthesised, f: Fn) => statementsOfRole(s.templateOf(f), logicalId(f.role));
const sendsEmail = (s: Synthesised, f: Fn) => statements(s, f).some((st) => actionsOf(st).some((a) => a.startsWith('ses:')));
const writesQueue = (s: Synthesised, f: Fn, name: 'email' | 'jobs-planner') =>
  statements(s, f).some((st) => actionsOf(st).includes('sqs:SendMessage') && JSON.stringify(st.Resource).includes(logicalId(s.jobs.jobs.queues[name])));

describe('email infrastructure', () => {
  it('has an SES identity with DKIM: the sender address without a domain', () => {
    const data = dev.templateOf(dev.data);
    data.hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: 'no-reply@example.com', DkimSigningAttributes: Match.absent() });
    expect(Object.keys(resources(data, 'AWS::SES::EmailIdentity'))).toHaveLength(1);
  });

  it('has the email queue and its dead-letter queue, retried 5 times, encrypted, TLS only', () => {
    const jobs = dev.templateOf(dev.jobs);
    const dlq = logicalId(dev.jobs.jobs.deadLetterQueues.email);
    jobs.hasResourceProperties('AWS::SQS::Queue', {
      QueueName: 'fp-dev-email',
      VisibilityTimeout: visibilityTimeoutSeconds('email'),
      SqsManagedSseEnabled: true,
      RedrivePolicy: { deadLetterTargetArn: { 'Fn::GetAtt': [dlq, 'Arn'] }, maxReceiveCount: MAX_RECEIVE_COUNT },
    });
    jobs.hasResourceProperties('AWS::SQS::Queue', { QueueName: 'fp-dev-email-dlq' });
    jobs.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      EventSourceArn: { 'Fn::GetAtt': [logicalId(dev.jobs.jobs.queues.email), 'Arn'] },
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
  });

  it('reports bounces and complaints of the configuration set onto the email-events queue', () => {
    const jobs = dev.templateOf(dev.jobs);
    jobs.hasResourceProperties('AWS::SES::ConfigurationSet', { Name: 'fp-dev-email', ReputationOptions: { ReputationMetricsEnabled: true } });
    jobs.hasResourceProperties('AWS::SES::ConfigurationSetEventDestination', {
      EventDestination: { Enabled: true, MatchingEventTypes: ['bounce', 'complaint'], SnsDestination: { TopicARN: { Ref: logicalId(dev.jobs.emailEvents) } } },
    });
    jobs.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'sqs',
      RawMessageDelivery: true,
      Endpoint: { 'Fn::GetAtt': [logicalId(dev.jobs.jobs.queues['email-events']), 'Arn'] },
    });
    const consumer = dev.functions.find((f) => f.spec.queue === 'email-events')!;
    expect(consumer.spec).toMatchObject({ handler: 'consumers/email-events', access: 'write', uses: [] });
  });

  it('lets only the email consumer send email, with SendEmail on the identity and the configuration set, from the sender address', () => {
    const senders = dev.functions.filter((f) => sendsEmail(dev, f)).map((f) => f.spec.handler);
    expect(senders).toEqual(['consumers/send-email']);
    const consumer = dev.functions.find((f) => f.spec.handler === 'consumers/send-email')!;
    const ses = statements(dev, consumer).filter((st) => actionsOf(st).some((a) => a.startsWith('ses:')));
    expect(ses).toHaveLength(1);
    expect(actionsOf(ses[0]!)).toEqual(['ses:SendEmail']);
    expect(JSON.stringify(ses[0]!.Resource)).toContain(':identity/no-reply@example.com');
    expect(JSON.stringify(ses[0]!.Resource)).toContain(`:configuration-set/",{"Ref":"${logicalId(dev.jobs.configurationSet)}"}`);
    expect((ses[0]! as unknown as { Condition: unknown }).Condition).toEqual({ StringEquals: { 'ses:FromAddress': 'no-reply@example.com' } });
  });

  it('lets only the routes that request email and the alert fan-out (value-bet alerts) write to the email queue, and none of the routes to the job queues', () => {
    const writers = dev.functions
      .filter((f) => writesQueue(dev, f, 'email'))
      .map((f) => f.spec.handler)
      .sort();
    expect(writers).toEqual(['consumers/alert-fanout', 'http/auth/password-reset', 'http/auth/register', 'http/auth/resend-verification', 'http/contact/send']);
    for (const f of dev.functions.filter((g) => writers.includes(g.spec.handler) && g.spec.kind === 'http'))
      expect(writesQueue(dev, f, 'jobs-planner'), f.spec.handler).toBe(false);
    for (const f of dev.functions.filter((g) => g.spec.uses.includes('queue') && g.spec.handler !== 'consumers/alert-fanout'))
      expect(writesQueue(dev, f, 'email'), f.spec.handler).toBe(false);
  });

  it('tells the functions to send through SES, and the consumer its sender, the support address and the configuration set', () => {
    const variables = (f: Fn) =>
      (resources(dev.templateOf(f), 'AWS::Lambda::Function')[logicalId(f.fn)]!.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
    for (const f of dev.functions) expect(variables(f).EMAIL_DRIVER, f.spec.handler).toBe('ses');
    const consumer = dev.functions.find((f) => f.spec.handler === 'consumers/send-email')!;
    expect(variables(consumer)).toMatchObject({ EMAIL_FROM: 'no-reply@example.com', SUPPORT_EMAIL: 'support@example.com' });
    expect(JSON.stringify(variables(consumer).SES_CONFIGURATION_SET)).toContain(logicalId(dev.jobs.configurationSet));
  });

  it("uses the site's domain in prod, with its DKIM records in the hosted zone when the domain is the zone", () => {
    // The data stack alone: the identity lives there, and the rest of the app is not needed.
    const app = testApp({ ...prodContext, domainName: 'example.com', hostedZoneName: 'example.com' });
    const config = readConfig(app.node, {});
    const data = Template.fromStack(new DataStack(app, 'fp-prod-data', { config, env: { account: config.account, region: config.region } }));
    data.hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: 'example.com' });
    expect(Object.values(resources(data, 'AWS::Route53::RecordSet')).filter((r) => r.Properties.Type === 'CNAME')).toHaveLength(3);
  });

  it('refuses a deploy without a sender or a domain, and a sender that is not an address', () => {
    expect(() => readConfig(testApp({ requireWeb: 'true' }).node, {})).toThrow(ConfigError);
    expect(() => readConfig(testApp({ requireWeb: 'true', emailFrom: 'no-reply@example.org' }).node, {})).not.toThrow();
    expect(() => readConfig(testApp({ emailFrom: 'not an address' }).node, {})).toThrow(/must be an email address/);
  });
});
