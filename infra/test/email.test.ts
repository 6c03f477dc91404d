/**
 * Email on AWS: the SES identity, the email queue with its dead-letter queue, and who may send:
 * only the email consumer may call SES (from the configured sender), and only the routes that
 * request email may write to the email queue (no job function, and the email routes no job queue).
 */
import { Match } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_RECEIVE_COUNT, visibilityTimeoutSeconds } from '@app/events/queues';
import { ConfigError } from '../lib/config.ts';
import { actionsOf, logicalId, prodContext, resources, statementsOfRole, synthesise, testApp, type Synthesised } from './helpers.ts';
import { readConfig } from '../lib/config.ts';

let dev: Synthesised;
beforeAll(() => {
  dev = synthesise();
});

type Fn = Synthesised['stack']['functions'][number];
const statements = (s: Synthesised, f: Fn) => statementsOfRole(s.template, logicalId(f.role));
const sendsEmail = (s: Synthesised, f: Fn) => statements(s, f).some((st) => actionsOf(st).some((a) => a.startsWith('ses:')));
const queueArnOf = (s: Synthesised, name: 'email' | 'jobs-planner') => logicalId(s.stack.jobs.queues[name]);
const writesQueue = (s: Synthesised, f: Fn, name: 'email' | 'jobs-planner') =>
  statements(s, f).some((st) => actionsOf(st).includes('sqs:SendMessage') && JSON.stringify(st.Resource).includes(`"${queueArnOf(s, name)}"`));

describe('email infrastructure', () => {
  it('has an SES identity with DKIM: the sender address without a domain', () => {
    dev.template.hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: 'no-reply@example.com', DkimSigningAttributes: Match.absent() });
    expect(Object.keys(resources(dev.template, 'AWS::SES::EmailIdentity'))).toHaveLength(1);
  });

  it('has the email queue and its dead-letter queue, retried 5 times, encrypted, TLS only', () => {
    const dlq = logicalId(dev.stack.jobs.deadLetterQueues.email);
    dev.template.hasResourceProperties('AWS::SQS::Queue', {
      QueueName: 'fp-dev-email',
      VisibilityTimeout: visibilityTimeoutSeconds('email'),
      SqsManagedSseEnabled: true,
      RedrivePolicy: { deadLetterTargetArn: { 'Fn::GetAtt': [dlq, 'Arn'] }, maxReceiveCount: MAX_RECEIVE_COUNT },
    });
    dev.template.hasResourceProperties('AWS::SQS::Queue', { QueueName: 'fp-dev-email-dlq' });
    dev.template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      EventSourceArn: { 'Fn::GetAtt': [logicalId(dev.stack.jobs.queues.email), 'Arn'] },
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
  });

  it('lets only the email consumer send email, with SendEmail on the identity from the sender address', () => {
    const senders = dev.stack.functions.filter((f) => sendsEmail(dev, f)).map((f) => f.spec.handler);
    expect(senders).toEqual(['jobs/send-email']);
    const consumer = dev.stack.functions.find((f) => f.spec.handler === 'jobs/send-email')!;
    const ses = statements(dev, consumer).filter((st) => actionsOf(st).some((a) => a.startsWith('ses:')));
    expect(ses).toHaveLength(1);
    expect(actionsOf(ses[0]!)).toEqual(['ses:SendEmail']);
    expect(JSON.stringify(ses[0]!.Resource)).toContain(':identity/no-reply@example.com');
    expect((ses[0]! as unknown as { Condition: unknown }).Condition).toEqual({ StringEquals: { 'ses:FromAddress': 'no-reply@example.com' } });
  });

  it('lets only the routes that request email write to the email queue, and none of them to the job queues', () => {
    const writers = dev.stack.functions.filter((f) => writesQueue(dev, f, 'email')).map((f) => f.spec.handler).sort();
    expect(writers).toEqual(['http/auth/password-reset', 'http/auth/register', 'http/contact/send']);
    for (const f of dev.stack.functions.filter((g) => writers.includes(g.spec.handler))) expect(writesQueue(dev, f, 'jobs-planner'), f.spec.handler).toBe(false);
    for (const f of dev.stack.functions.filter((g) => g.spec.uses.includes('queue'))) expect(writesQueue(dev, f, 'email'), f.spec.handler).toBe(false);
  });

  it('tells the functions to send through SES, and the consumer its sender and the support address', () => {
    const variables = (f: Fn) => (resources(dev.template, 'AWS::Lambda::Function')[logicalId(f.fn)]!.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
    for (const f of dev.stack.functions) expect(variables(f).EMAIL_DRIVER, f.spec.handler).toBe('ses');
    const consumer = dev.stack.functions.find((f) => f.spec.handler === 'jobs/send-email')!;
    expect(variables(consumer)).toMatchObject({ EMAIL_FROM: 'no-reply@example.com', SUPPORT_EMAIL: 'support@example.com' });
  });

  it("uses the site's domain in prod, with its DKIM records in the hosted zone when the domain is the zone", () => {
    const prod = synthesise({ ...prodContext, domainName: 'example.com', hostedZoneName: 'example.com' });
    prod.template.hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: 'example.com' });
    expect(Object.values(resources(prod.template, 'AWS::Route53::RecordSet')).filter((r) => r.Properties.Type === 'CNAME')).toHaveLength(3);
    const other = synthesise(prodContext);
    other.template.hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: 'predictions.example.com' });
  });

  it('refuses a deploy without a sender or a domain, and a sender that is not an address', () => {
    expect(() => readConfig(testApp({ requireWeb: 'true' }).node, {})).toThrow(ConfigError);
    expect(() => readConfig(testApp({ requireWeb: 'true', emailFrom: 'no-reply@example.org' }).node, {})).not.toThrow();
    expect(() => readConfig(testApp({ emailFrom: 'not an address' }).node, {})).toThrow(/must be an email address/);
  });
});
