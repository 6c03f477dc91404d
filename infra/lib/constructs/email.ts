import { Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as route53 from 'aws-cdk-lib/aws-route53';
import * as ses from 'aws-cdk-lib/aws-ses';
import { Construct } from 'constructs';

export interface EmailProps {
  /** The address every email is sent from. */
  sender: string;
  /**
   * The SES identity: a domain (its DKIM records go into `zone` when it is ours, otherwise they
   * are added by hand, docs/deploy.md), or only the sender address.
   */
  domain?: string;
  zone?: route53.IHostedZone;
}

/** The SES identity the product sends from, and the one permission that sends with it. */
export class Email extends Construct {
  readonly identity: ses.EmailIdentity;
  readonly identityName: string;
  readonly sender: string;

  constructor(scope: Construct, id: string, props: EmailProps) {
    super(scope, id);
    this.sender = props.sender;
    this.identityName = props.domain ?? props.sender;
    this.identity = new ses.EmailIdentity(this, 'Identity', {
      identity: props.zone ? ses.Identity.publicHostedZone(props.zone) : props.domain ? ses.Identity.domain(props.domain) : ses.Identity.email(props.sender),
      dkimSigning: true,
    });
  }

  /**
   * SendEmail through this identity only, only from the configured sender address, and only with
   * the configuration set whose events report bounces and complaints (SES authorises both ARNs).
   */
  grantSend(grantee: iam.Role, configurationSetName: string): void {
    const arn = (resource: string, resourceName: string) => Stack.of(grantee).formatArn({ service: 'ses', resource, resourceName });
    grantee.grantPrincipal.addToPrincipalPolicy(
      new iam.PolicyStatement({
        sid: 'SendEmail',
        actions: ['ses:SendEmail'],
        resources: [arn('identity', this.identityName), arn('configuration-set', configurationSetName)],
        conditions: { StringEquals: { 'ses:FromAddress': addressOf(this.sender) } },
      }),
    );
  }
}

/** `Name <a@b>` -> `a@b`. */
export const addressOf = (sender: string) => /<([^>]+)>/.exec(sender)?.[1] ?? sender;
