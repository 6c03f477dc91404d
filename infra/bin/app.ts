/**
 * CDK entry point (infra/cdk.json). Context: stage (dev|prod), account, region, domainName,
 * certificateArn, hostedZoneId, hostedZoneName, waf, alarmEmail, stripePriceId, adminEmails,
 * logLevel, requireWeb. See docs/deploy.md.
 */
import { App } from 'aws-cdk-lib';
import { consumers, routes } from '@app/functions/routes';
import { buildApp } from '../lib/app.ts';
import { bundleFunctionsToTemp, handlersOf } from '../lib/bundling.ts';

const app = new App();
// The CLI lists the stacks to bundle; an empty list (e.g. `cdk ls`) needs no bundles.
const bundlingStacks: unknown = app.node.tryGetContext('aws:cdk:bundling-stacks');
const bundling = !Array.isArray(bundlingStacks) || bundlingStacks.length > 0;
const bundleDir = bundling ? await bundleFunctionsToTemp(handlersOf(routes, consumers)) : undefined;
buildApp(app, { bundleDir });
app.synth();
