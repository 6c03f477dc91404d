// `npm run release -- record --stage <stage> --out <file> [--region eu-west-2] [--app-name fp]`: writes the
// version each function's `live` alias points at (the rollback point), before a deploy.
// `npm run release -- rollback --stage <stage> --from <file> [--region eu-west-2] [--app-name fp]`: puts
// every `live` alias the deploy moved back on its recorded version, with all its traffic (the
// pipeline runs it when the smoke test fails).
// `npm run release -- prune --stage <stage> [--keep 5] [--from <file>] [--region ...] [--app-name fp]`: deletes each
// function's published versions but the newest `--keep`, the live one and the recorded one (CloudFormation
// retains every version, so that a rollback has somewhere to go). Uses the AWS CLI and your credentials
// (docs/deploy.md "Rollback").
// `npm run release -- quota --stage <stage> --templates <cdk.out dir> [--region ...] [--app-name fp]`: before a deploy,
// fails when the account's Lambda concurrency quota cannot hold what the synthesised templates reserve
// and their queue consumers may run (a new account's quota can be 10).
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { fail, parseCli } from '../local/cli/connect.ts';
import { concurrencyNeed, quotaProblems } from './concurrency-quota.ts';
import { KEEP_VERSIONS, recordOf, rollbackPlan, versionsToPrune, type LiveAlias, type ReleaseRecord } from './alias-rollback.ts';

const USAGE =
  'Usage: npm run release -- record --stage <dev|staging|prod> --out <file> [--region eu-west-2] [--app-name fp]\n' +
  '       npm run release -- rollback --stage <dev|staging|prod> --from <file> [--region eu-west-2] [--app-name fp]\n' +
  `       npm run release -- prune --stage <dev|staging|prod> [--keep ${KEEP_VERSIONS}] [--from <file>] [--region eu-west-2] [--app-name fp]\n` +
  '       npm run release -- quota --stage <dev|staging|prod> --templates <cdk.out dir> [--region eu-west-2] [--app-name fp]';
const { positionals, values } = parseCli(USAGE, {
  stage: { type: 'string' },
  out: { type: 'string' },
  from: { type: 'string' },
  templates: { type: 'string' },
  region: { type: 'string' },
  keep: { type: 'string', default: String(KEEP_VERSIONS) },
  'app-name': { type: 'string', default: 'fp' },
});
const command = positionals[0];
if (!values.stage || !['dev', 'staging', 'prod'].includes(values.stage)) fail(USAGE);
if (!(command === 'record' && values.out) && !(command === 'rollback' && values.from) && !(command === 'quota' && values.templates) && command !== 'prune') {
  fail(USAGE);
}
const region = values.region ?? process.env.AWS_REGION ?? 'eu-west-2';
const aws = async (...args: string[]) =>
  (await promisify(execFile)('aws', [...args, '--region', region, '--output', 'json'], { maxBuffer: 64 * 1024 * 1024 })).stdout;
const prefix = `${values['app-name']}-${values.stage}-`;

/** Every function of the stage (by name prefix) with its `live` alias. */
async function liveAliases(): Promise<Record<string, LiveAlias>> {
  const names = JSON.parse(await aws('lambda', 'list-functions', '--query', `Functions[?starts_with(FunctionName, '${prefix}')].FunctionName`)) as string[];
  const entries = await Promise.all(
    names.map(async (name) => {
      const alias = JSON.parse(await aws('lambda', 'get-alias', '--function-name', name, '--name', 'live')) as {
        FunctionVersion: string;
        RoutingConfig?: { AdditionalVersionWeights?: Record<string, number> };
      };
      return [
        name,
        { version: alias.FunctionVersion, ...(alias.RoutingConfig?.AdditionalVersionWeights ? { weights: alias.RoutingConfig.AdditionalVersionWeights } : {}) },
      ] as const;
    }),
  );
  return Object.fromEntries(entries);
}

try {
  if (command === 'record') {
    const record = recordOf(values.stage!, await liveAliases(), new Date());
    writeFileSync(values.out!, `${JSON.stringify(record, null, 2)}\n`);
    console.log(`Recorded the live versions of ${Object.keys(record.live).length} functions of ${values.stage} in ${values.out}.`);
  } else if (command === 'quota') {
    const files = readdirSync(values.templates!).filter((f) => f.endsWith('.template.json') && !f.includes('github-deploy'));
    if (files.length === 0) fail(`No templates in ${values.templates}: synthesise first (npm run synth -- -c stage=${values.stage} -o ${values.templates})`);
    const need = concurrencyNeed(
      files.map((f) => JSON.parse(readFileSync(join(values.templates!, f), 'utf8')) as Parameters<typeof concurrencyNeed>[0][number]),
    );
    const settings = JSON.parse(await aws('lambda', 'get-account-settings')) as {
      AccountLimit: { ConcurrentExecutions: number; UnreservedConcurrentExecutions: number };
    };
    let reservedByStage = 0;
    for (const fn of Object.keys(await liveAliases())) {
      const own = JSON.parse((await aws('lambda', 'get-function-concurrency', '--function-name', fn)) || '{}') as { ReservedConcurrentExecutions?: number };
      reservedByStage += own.ReservedConcurrentExecutions ?? 0;
    }
    const account = { limit: settings.AccountLimit.ConcurrentExecutions, unreserved: settings.AccountLimit.UnreservedConcurrentExecutions, reservedByStage };
    const problems = quotaProblems(account, need);
    if (problems.length > 0) fail(problems.join('\n'));
    console.log(
      `Lambda concurrency: quota ${account.limit}; ${values.stage} reserves ${need.reserved}, its queue consumers may run ${need.queueConsumers}: enough.`,
    );
  } else if (command === 'prune') {
    const recorded = values.from ? (JSON.parse(readFileSync(values.from, 'utf8')) as ReleaseRecord).live : {};
    const aliases = await liveAliases();
    let deleted = 0;
    for (const [fn, alias] of Object.entries(aliases)) {
      const versions = JSON.parse(await aws('lambda', 'list-versions-by-function', '--function-name', fn, '--query', 'Versions[].Version')) as string[];
      for (const version of versionsToPrune(versions, alias, Number(values.keep), recorded[fn] ? [recorded[fn]] : [])) {
        await aws('lambda', 'delete-function', '--function-name', fn, '--qualifier', version);
        deleted++;
      }
    }
    console.log(
      `Deleted ${deleted} old version(s) of ${Object.keys(aliases).length} functions of ${values.stage}; each keeps its newest ${values.keep}, its live one and any recorded one.`,
    );
  } else {
    const record = JSON.parse(readFileSync(values.from!, 'utf8')) as ReleaseRecord;
    if (record.stage !== values.stage) fail(`${values.from} records ${record.stage}, not ${values.stage}`);
    const plan = rollbackPlan(record, await liveAliases());
    for (const step of plan.steps) {
      await aws(
        'lambda',
        'update-alias',
        '--function-name',
        step.fn,
        '--name',
        'live',
        '--function-version',
        step.to,
        '--routing-config',
        'AdditionalVersionWeights={}',
      );
      console.log(`  ${step.fn}: live ${step.from} -> ${step.to}`);
    }
    console.log(`Rolled back ${plan.steps.length} function(s) of ${values.stage} to their versions of ${record.recordedAt}.`);
    if (plan.created.length) console.log(`New since then (no previous version, left as they are): ${plan.created.join(', ')}`);
    if (plan.gone.length) console.log(`Gone since then: ${plan.gone.join(', ')}`);
    console.log('CloudFormation still describes the new versions: the next deploy (a fix, or the previous commit) makes them agree again.');
  }
} catch (error) {
  fail(`${(error as Error).name}: ${(error as Error).message}`);
}
