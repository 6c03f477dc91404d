/**
 * CDK entry point (infra/cdk.json). Context: stage (dev|prod), account, region, domainName,
 * certificateArn, hostedZoneId, hostedZoneName, waf, alarmEmail, stripePriceId,
 * logLevel, requireWeb. See docs/deploy.md.
 */
import { consumers, routes, tasks } from '@app/functions/routes';
import { buildApp, newApp } from '../lib/app.ts';
import { bundleFunctionsToTemp, handlersOf } from '../lib/bundling.ts';

const app = newApp();
// The CLI lists the stacks to bundle; an empty list (e.g. `cdk ls`) needs no bundles.
const bundlingStacks: unknown = app.node.tryGetContext('aws:cdk:bundling-stacks');
const bundling = !Array.isArray(bundlingStacks) || bundlingStacks.length > 0;
const bundleDir = bundling ? await bundleFunctionsToTemp(handlersOf(routes, consumers, tasks)) : undefined;
buildApp(app, { bundleDir });
app.synth();
