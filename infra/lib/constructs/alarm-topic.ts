import { Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';

/**
 * The topic every notification of the stage goes to (the area alarms, the budget, failed backups,
 * the forwarded CloudFront alarm), with the on-call email subscribed when one is configured.
 * (The backup vault adds AWS Backup's own publish grant.) It lives in the data stack: a replaced topic would drop its confirmed subscriptions.
 */
export class AlarmTopic extends Construct {
  readonly topic: sns.Topic;

  constructor(scope: Construct, id: string, props: { topicName: string; alarmEmail?: string }) {
    super(scope, id);
    // Not KMS-encrypted: notifications carry alarm names and metric values only, and CloudWatch
    // cannot publish to a topic under the AWS-managed SNS key (a customer key costs $1/month).
    // Named, so that other stacks build its ARN from the configuration (no reference to resolve).
    this.topic = new sns.Topic(this, 'Topic', { topicName: props.topicName, displayName: props.topicName, enforceSSL: true });
    // enforceSSL writes a topic policy, and a topic policy replaces SNS's default one: without these
    // Allows it would hold only the TLS deny, and nothing could publish a single notification.
    const stack = Stack.of(this);
    const publisher = (sid: string, service: string, sourceArn?: string) =>
      this.topic.addToResourcePolicy(
        new iam.PolicyStatement({
          sid,
          principals: [new iam.ServicePrincipal(service)],
          actions: ['sns:Publish'],
          resources: [this.topic.topicArn],
          conditions: {
            ...(sourceArn ? { ArnLike: { 'aws:SourceArn': sourceArn } } : {}),
            StringEquals: { 'aws:SourceAccount': stack.account },
          },
        }),
      );
    publisher('CloudWatchAlarmsPublish', 'cloudwatch.amazonaws.com', `arn:${stack.partition}:cloudwatch:${stack.region}:${stack.account}:alarm:*`);
    publisher('BudgetsPublish', 'budgets.amazonaws.com', `arn:${stack.partition}:budgets::${stack.account}:*`);
    publisher('EventsPublish', 'events.amazonaws.com', `arn:${stack.partition}:events:${stack.region}:${stack.account}:rule/*`);
    if (props.alarmEmail) this.topic.addSubscription(new subscriptions.EmailSubscription(props.alarmEmail));
  }
}
