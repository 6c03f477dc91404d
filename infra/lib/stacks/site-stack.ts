import { Aws, CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as route53 from 'aws-cdk-lib/aws-route53';
import * as route53Targets from 'aws-cdk-lib/aws-route53-targets';
import type { Construct } from 'constructs';
import type { RouteDefinition } from '@app/functions/routes';
import { apiDomainName, type DeployConfig } from '../config.ts';
import type { Secrets } from '../constructs/secrets.ts';
import { Web } from '../constructs/web.ts';

export interface SiteStackProps extends StackProps {
  config: DeployConfig;
  routes: readonly RouteDefinition[];
  secrets: Secrets;
  /** The built SPA to upload; undefined: no upload. */
  webDist?: string;
  /** From the us-east-1 edge stack. */
  webAclArn?: string;
  certificate?: acm.ICertificate;
}

/**
 * The one origin of the stage: the private, versioned site bucket behind CloudFront (SPA and
 * `/api/*`), the DNS records, and the HTTP API resource itself, which the distribution needs
 * before any function exists (the functions need this origin; the api stack adds the stage and
 * routes to the API).
 */
export class SiteStack extends Stack {
  readonly httpApi: apigw.HttpApi;
  readonly web: Web;
  /** `api.<domainName>`, the API's custom domain (CloudFront's origin); undefined without a domain. */
  readonly apiDomain?: apigw.DomainName;

  constructor(scope: Construct, id: string, props: SiteStackProps) {
    super(scope, id, props);
    const { config } = props;
    const retain = config.stage !== 'dev';

    const apiDomain = apiDomainName(config);
    // No default stage on the API itself: the api stack's stage carries logs and throttles.
    // With a domain, the default execute-api endpoint is off: CloudFront, through the WAF, is the one way in.
    this.httpApi = new apigw.HttpApi(this, 'HttpApi', {
      description: 'Football predictions API (reached through CloudFront /api/*)',
      createDefaultStage: false,
      disableExecuteApiEndpoint: apiDomain !== undefined,
    });
    if (apiDomain) this.apiDomain = this.apiCustomDomain(config, apiDomain);

    this.web = new Web(this, 'Web', {
      // A dynamic reference: the value is resolved by CloudFormation and never appears in the template.
      originVerifyToken: props.secrets.originVerify.secretValue.unsafeUnwrap(),
      apiDomainName: apiDomain ?? `${this.httpApi.apiId}.execute-api.${Aws.REGION}.${Aws.URL_SUFFIX}`,
      webDist: props.webDist,
      retain,
      logRetention: config.stage === 'prod' ? logs.RetentionDays.THREE_MONTHS : logs.RetentionDays.TWO_WEEKS,
      domain: this.customDomain(config, props.certificate),
      webAclArn: props.webAclArn,
      // A path parameter (`{leagueId}`) is one segment: CloudFront's `*` in the behaviour's pattern.
      cachedReads: props.routes.flatMap((r) => (r.cdn && r.method === 'GET' ? [{ path: r.path.replace(/\{[^/}]+\}/g, '*'), cdn: r.cdn }] : [])),
    });
    this.addDnsRecords(config);

    new CfnOutput(this, 'SiteUrl', { description: 'The site (SPA and API share this origin)', value: this.web.origin });
    new CfnOutput(this, 'ApiUrl', { description: 'The API as clients call it (through CloudFront)', value: `${this.web.origin}/api` });
    new CfnOutput(this, 'StripeWebhookUrl', { description: 'Register this endpoint in the Stripe dashboard', value: `${this.web.origin}/api/stripe/webhook` });
    if (this.apiDomain) {
      new CfnOutput(this, 'ApiDomainTarget', {
        description: `Point api.${config.domainName} here (CNAME) when its DNS is not in Route 53; only CloudFront calls it`,
        value: this.apiDomain.regionalDomainName,
      });
    }
    new CfnOutput(this, 'DistributionId', { value: this.web.distribution.distributionId });
    new CfnOutput(this, 'DistributionDomainName', {
      description: 'Point a custom domain here (CNAME/alias) when its DNS is not in Route 53',
      value: this.web.distribution.distributionDomainName,
    });
    new CfnOutput(this, 'SiteBucketName', {
      description: 'Versioned: `npm run site -- restore` puts a previous SPA back',
      value: this.web.siteBucket.bucketName,
    });
  }

  private customDomain(config: DeployConfig, issued?: acm.ICertificate): { name: string; certificate: acm.ICertificate } | undefined {
    if (!config.domainName) return undefined;
    const certificate = config.certificateArn ? acm.Certificate.fromCertificateArn(this, 'Certificate', config.certificateArn) : issued;
    if (!certificate) throw new Error(`No certificate for ${config.domainName}: the edge stack should have issued one`);
    return { name: config.domainName, certificate };
  }

  private zone(config: DeployConfig): route53.IHostedZone | undefined {
    if (!config.hostedZoneId || !config.hostedZoneName) return undefined;
    return (
      (this.node.tryFindChild('Zone') as route53.IHostedZone | undefined) ??
      route53.HostedZone.fromHostedZoneAttributes(this, 'Zone', { hostedZoneId: config.hostedZoneId, zoneName: config.hostedZoneName })
    );
  }

  /**
   * `api.<domainName>` as the HTTP API's regional custom domain, with its certificate in this region
   * (given, or issued and DNS-validated in the zone) and its alias record when the zone is ours.
   * The stage is mapped onto it by the api stack.
   */
  private apiCustomDomain(config: DeployConfig, name: string): apigw.DomainName {
    const zone = this.zone(config);
    const certificate = config.apiCertificateArn
      ? acm.Certificate.fromCertificateArn(this, 'ApiCertificate', config.apiCertificateArn)
      : new acm.Certificate(this, 'ApiCertificate', { domainName: name, validation: acm.CertificateValidation.fromDns(zone) });
    const domain = new apigw.DomainName(this, 'ApiDomain', { domainName: name, certificate, securityPolicy: apigw.SecurityPolicy.TLS_1_2 });
    if (zone) {
      new route53.ARecord(this, 'ApiAliasA', {
        zone,
        recordName: name,
        target: route53.RecordTarget.fromAlias(new route53Targets.ApiGatewayv2DomainProperties(domain.regionalDomainName, domain.regionalHostedZoneId)),
      });
    }
    return domain;
  }

  /** Alias records for the custom domain, when its hosted zone is ours. */
  private addDnsRecords(config: DeployConfig): void {
    const zone = this.zone(config);
    if (!config.domainName || !zone) return;
    const target = route53.RecordTarget.fromAlias(new route53Targets.CloudFrontTarget(this.web.distribution));
    new route53.ARecord(this, 'AliasA', { zone, recordName: config.domainName, target });
    new route53.AaaaRecord(this, 'AliasAaaa', { zone, recordName: config.domainName, target });
  }
}
