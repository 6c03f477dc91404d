import { Lazy, type RemovalPolicy } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { routeKey, type RouteDefinition } from '@app/functions/routes';
import { acknowledge } from '../nag.ts';
import type { AppFunction } from './app-function.ts';

export interface Throttle {
  rateLimit: number;
  burstLimit: number;
}

export interface ApiProps {
  /** Stage-wide ceiling (all clients together); per-IP limits live in the WAF. */
  throttle: Throttle;
  /**
   * Each password-bearing route's own ceiling (`password: true` in the manifest; they run scrypt on
   * every call). Route limits are per route, so login traffic never uses up what `/api/auth/me`,
   * logout or any other route may serve.
   */
  passwordThrottle: Throttle;
  logRetention: logs.RetentionDays;
  removalPolicy: RemovalPolicy;
}

/** One JSON object per request (APIG1). No cookies, headers or query strings: they can carry secrets. */
export const ACCESS_LOG_FORMAT = {
  requestId: '$context.requestId',
  requestTime: '$context.requestTime',
  ip: '$context.identity.sourceIp',
  userAgent: '$context.identity.userAgent',
  httpMethod: '$context.httpMethod',
  routeKey: '$context.routeKey',
  path: '$context.path',
  status: '$context.status',
  protocol: '$context.protocol',
  responseLength: '$context.responseLength',
  responseLatency: '$context.responseLatency',
  integrationStatus: '$context.integrationStatus',
  integrationLatency: '$context.integrationLatency',
  integrationError: '$context.integrationErrorMessage',
};

function authorizationReason(route: RouteDefinition): string {
  const key = routeKey(route);
  if (route.rawBody) {
    return `${key} is called by Stripe, without cookies: the handler verifies the Stripe-Signature header over the raw body before anything else.`;
  }
  if (route.auth === 'public') return `${key} is public by design (auth 'public' in functions/src/routes.ts).`;
  return (
    `${key} requires auth '${route.auth}', enforced inside the function by the shared httpRoute middleware: the __Host- ` +
    'session cookie is checked against its revocable session item in DynamoDB on every request (and the role for admin). ' +
    'An API Gateway authorizer could not see revocations without the same lookup, so it would only add latency and cost.'
  );
}

/**
 * The HTTP API's `$default` stage (JSON access logs, throttling) and its routes, generated from
 * the route manifest: one Lambda integration per function (its `live` alias), one route per
 * manifest entry. The API resource itself lives in the site stack, which the distribution
 * needs before any function exists (the functions need the site's origin).
 */
export class Api extends Construct {
  readonly httpApi: apigw.IHttpApi;
  readonly stage: apigw.HttpStage;
  readonly routes: apigw.HttpRoute[] = [];
  readonly accessLogs: logs.LogGroup;
  private readonly passwordThrottle: Throttle;
  private readonly routeSettings: Record<string, { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }> = {};

  constructor(scope: Construct, id: string, props: ApiProps & { httpApi: apigw.IHttpApi }) {
    super(scope, id);
    this.passwordThrottle = props.passwordThrottle;
    this.httpApi = props.httpApi;

    this.accessLogs = new logs.LogGroup(this, 'AccessLogs', { retention: props.logRetention, removalPolicy: props.removalPolicy });
    this.stage = new apigw.HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: props.throttle,
      accessLogSettings: {
        destination: new apigw.LogGroupLogDestination(this.accessLogs),
        format: AccessLogFormat.custom(JSON.stringify(ACCESS_LOG_FORMAT)),
      },
    });

    (this.stage.node.defaultChild as apigw.CfnStage).routeSettings = Lazy.any({
      produce: () => (Object.keys(this.routeSettings).length > 0 ? this.routeSettings : undefined),
    });
  }

  /** Adds the routes a function serves, all sharing one integration with its `live` alias, in `scope` (its area's stack). */
  addFunction(scope: Construct, fn: AppFunction): void {
    const integration = new HttpLambdaIntegration(`${fn.spec.id}Integration`, fn.alias);
    for (const route of fn.spec.routes) {
      const httpRoute = new apigw.HttpRoute(scope, `${fn.spec.id}Route${pascalRoute(route)}`, {
        httpApi: this.httpApi,
        routeKey: apigw.HttpRouteKey.with(route.path, apigw.HttpMethod[route.method]),
        integration,
      });
      acknowledge(httpRoute, 'APIG4', authorizationReason(route));
      this.routes.push(httpRoute);
      if (route.password) {
        this.routeSettings[routeKey(route)] = {
          ThrottlingRateLimit: this.passwordThrottle.rateLimit,
          ThrottlingBurstLimit: this.passwordThrottle.burstLimit,
        };
        // Route settings name the route key, which must exist before the stage is updated.
        this.stage.node.addDependency(httpRoute);
      }
    }
  }
}

/** `POST /api/auth/login` -> `PostApiAuthLogin`: a route's construct id, stable while its key is. */
const pascalRoute = (route: RouteDefinition) =>
  `${route.method}${route.path}`
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((p) => p[0]!.toUpperCase() + p.slice(1).toLowerCase())
    .join('');
