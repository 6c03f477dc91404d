// `npm run backup -- restore --source <table> --at <ISO instant> --target <new table> [--switch <stage>] [--region eu-west-2]`:
// restores a point-in-time copy of a stage's table into a new table, gives it point-in-time
// recovery, TTL and deletion protection, verifies it (keys, indexes, settings, item count) and,
// with --switch, deploys that stage with the new table switched in (`-c tableName=<new table>`:
// first the data and monitoring stacks, which add it to the backup plan and point the alarms at
// it, then the functions; the data stack keeps the original). AWS only: DynamoDB Local has
// no point-in-time recovery.
// `npm run backup -- verify --table <name> [--region eu-west-2]`: the verification alone, also
// against DynamoDB Local (DYNAMODB_ENDPOINT). Runbook: docs/operations.md "Restore".
import { spawnSync } from 'node:child_process';
import { createDocumentClient } from '@app/adapters/dynamodb/client';
import { restoreToPointInTime, switchDeploys, verifyRestoredTable } from '@app/adapters/dynamodb/table-restore';
import { fail, parseCli } from '../local/cli/connect.ts';
import { repoRoot } from '../local/env.ts';

const USAGE =
  'Usage: npm run backup -- restore --source <table> --at <ISO instant> --target <new table> [--switch <dev|staging|prod>] [--region eu-west-2]\n' +
  '       npm run backup -- verify --table <name> [--region eu-west-2]';
const { positionals, values } = parseCli(USAGE, {
  source: { type: 'string' },
  at: { type: 'string' },
  target: { type: 'string' },
  switch: { type: 'string' },
  table: { type: 'string' },
  region: { type: 'string' },
});
const region = values.region ?? process.env.AWS_REGION ?? 'eu-west-2';
const client = createDocumentClient({ region, ...(process.env.DYNAMODB_ENDPOINT ? { endpoint: process.env.DYNAMODB_ENDPOINT } : {}) }) as unknown as Parameters<
  typeof verifyRestoredTable
>[0];

try {
  if (positionals[0] === 'verify' && values.table) {
    const { items } = await verifyRestoredTable(client, values.table);
    console.log(`${values.table}: keys and indexes of the table definition, ${items} items.`);
  } else if (positionals[0] === 'restore' && values.source && values.at && values.target) {
    const at = new Date(values.at);
    if (Number.isNaN(at.getTime())) fail(`--at must be an ISO instant, e.g. 2026-11-24T22:00:00Z\n${USAGE}`);
    if (values.switch && !['dev', 'staging', 'prod'].includes(values.switch)) fail(`--switch must be dev, staging or prod\n${USAGE}`);
    console.log(`Restoring ${values.source} as of ${at.toISOString()} into ${values.target} (minutes to hours, depending on the size)...`);
    const { items } = await restoreToPointInTime(client, { source: values.source, target: values.target, at });
    console.log(`${values.target} is active and verified: ${items} items; point-in-time recovery, TTL and deletion protection on.`);
    const deploys = switchDeploys(values.switch ?? '<stage>', values.target);
    if (!values.switch) console.log(`Switch a stage to it with (in order):\n${deploys.map((d) => `  npm ${d.join(' ')}`).join('\n')}`);
    else {
      // The backup plan and the alarms first, then the functions (docs/operations.md "Restore").
      for (const deploy of deploys) {
        const run = spawnSync('npm', deploy, { cwd: repoRoot, stdio: 'inherit' });
        if (run.status !== 0)
          fail(`npm ${deploy.join(' ')} failed while switching ${values.switch} to ${values.target}; the table stays, run the switch again.`);
      }
    }
    console.log(
      `Writes to ${values.source} after ${at.toISOString()} are not in ${values.target}: docs/operations.md "Restore" says how to find and replay them.`,
    );
  } else {
    fail(USAGE);
  }
} catch (error) {
  fail(`${(error as Error).name}: ${(error as Error).message}`);
}
