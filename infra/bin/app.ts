/**
 * CDK entry point (the root cdk.json: `npx cdk synth` from the repository root). Context: stage
 * (dev|staging|prod), account, region, backupRegion, domainName, certificateArn, hostedZoneId,
 * hostedZoneName, waf, alarmEmail, alarmTopicArn, tableName, monthlyBudgetUsd, budgetEmails, emailFrom,
 * supportEmail, stripePriceId, logLevel, schedules, requireWeb. See docs/deploy.md#configuration.
 */
import { consumers, routes, scheduled } from '@app/functions/routes';
import { buildApp, newApp } from '../lib/app.ts';
import { bundleFunctionsToTemp, handlersOf } from '../lib/bundling.ts';
import { ConfigError, readConfig } from '../lib/config.ts';

const app = newApp();
let config;
try {
  config = readConfig(app.node);
} catch (error) {
  // A configuration mistake is the operator's to fix: say what, without a stack trace.
  if (!(error instanceof ConfigError)) throw error;
  console.error(`\n${error.message}\n`);
  process.exit(1);
}
// The CLI lists the stacks to bundle; an empty list (e.g. `cdk ls`) needs no bundles.
const bundlingStacks: unknown = app.node.tryGetContext('aws:cdk:bundling-stacks');
const bundling = !Array.isArray(bundlingStacks) || bundlingStacks.length > 0;
const bundleDir = bundling ? await bundleFunctionsToTemp(handlersOf(routes, consumers, scheduled)) : undefined;
buildApp(app, { config, bundleDir });
app.synth();
