import { RemovalPolicy, SecretValue } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { acknowledge } from '../nag.ts';

export interface SecretsProps {
  retain: boolean;
}

/**
 * The three secret groups. Names are generated (a deleted secret keeps its name for the 7-30 day
 * recovery window, which would block re-creating a stage); the stack outputs their ARNs. The
 * functions read them at cold start and cache them; each function is granted GetSecretValue on
 * exactly the secrets it needs (see `grantRead`).
 */
export class Secrets extends Construct {
  /** The session cookie's HS256 key: 64 random characters, generated here, never leaves AWS. */
  readonly session: secretsmanager.Secret;
  /** JSON {"secretKey","webhookSecret"}: created empty, the operator puts the Stripe values. */
  readonly stripe: secretsmanager.Secret;
  /** JSON {"footballDataOrgToken","oddsApiKey"}: created empty, the operator puts the provider keys. */
  readonly providers: secretsmanager.Secret;
  /**
   * The value CloudFront adds as `x-origin-verify` to every /api request: generated here, resolved
   * into the distribution at deploy time, read by the HTTP functions at cold start.
   */
  readonly originVerify: secretsmanager.Secret;

  constructor(scope: Construct, id: string, props: SecretsProps) {
    super(scope, id);
    const removalPolicy = props.retain ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;

    this.session = new secretsmanager.Secret(this, 'Session', {
      description: 'HS256 key of the session cookie (plain text)',
      generateSecretString: { passwordLength: 64, excludePunctuation: true, includeSpace: false },
      removalPolicy,
    });
    acknowledge(
      this.session,
      'SMG4',
      'Rotating the session key needs two keys active at once (kid in the token header), which the platform does not ' +
        'implement yet; a scheduled rotation would log every user out. Manual rotation runbook: docs/deploy.md "Rotating secrets".',
    );

    // Empty placeholders, not secret: CloudFormation only writes SecretString when the template value
    // changes, so values put later with `aws secretsmanager put-secret-value` survive every deploy.
    this.stripe = new secretsmanager.Secret(this, 'Stripe', {
      description: 'Stripe keys: JSON {"secretKey": "sk_...", "webhookSecret": "whsec_..."}',
      secretObjectValue: { secretKey: SecretValue.unsafePlainText(''), webhookSecret: SecretValue.unsafePlainText('') },
      removalPolicy,
    });
    acknowledge(
      this.stripe,
      'SMG4',
      'Stripe issues these keys; they are rolled in the Stripe dashboard (API keys, webhook endpoint signing secret) and ' +
        'then put here. Secrets Manager cannot rotate them. Runbook: docs/deploy.md "Rotating secrets".',
    );

    this.originVerify = new secretsmanager.Secret(this, 'OriginVerify', {
      description: 'x-origin-verify header value CloudFront sends to the API (plain text)',
      generateSecretString: { passwordLength: 48, excludePunctuation: true, includeSpace: false },
      removalPolicy,
    });
    acknowledge(
      this.originVerify,
      'SMG4',
      'CloudFront reads this value only when the stack deploys (a dynamic reference), so a Secrets Manager rotation would ' +
        'leave CloudFront sending the old value. Manual rotation runbook: docs/security.md "Rotation".',
    );

    this.providers = new secretsmanager.Secret(this, 'Providers', {
      description: 'Football data provider keys: JSON {"apiFootballKey": "...", "oddsApiKey": "..."} (API-Football, The Odds API)',
      secretObjectValue: { footballDataOrgToken: SecretValue.unsafePlainText(''), oddsApiKey: SecretValue.unsafePlainText('') },
      removalPolicy,
    });
    acknowledge(
      this.providers,
      'SMG4',
      'football-data.org and The Odds API issue these keys in their own dashboards; Secrets Manager cannot rotate them. ' +
        'Runbook: docs/deploy.md "Rotating secrets".',
    );
  }

  /** GetSecretValue on exactly this secret's ARN (no DescribeSecret, no wildcard). */
  static grantRead(grantee: iam.IGrantable, secret: secretsmanager.ISecret): void {
    grantee.grantPrincipal.addToPrincipalPolicy(
      new iam.PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources: [secret.secretArn] }),
    );
  }
}
