// `npm run site -- restore --stage <stage> [--at <ISO instant>] [--region eu-west-2] [--app-name fp]`:
// puts the previous SPA back (default: the bucket as it was just before the last upload) from the
// versioned site bucket, then invalidates CloudFront. Uses the AWS CLI and your credentials, like
// the rest of the runbook (docs/deploy.md "Rollback").
import { execFile } from 'node:child_process';
import { parseArgs, promisify } from 'node:util';
import { fail } from '../local/cli/connect.ts';
import { beforeLastDeploy, restorePlan, type ObjectVersion } from './site-restore.ts';

const USAGE = 'Usage: npm run site -- restore --stage <dev|staging|prod> [--at <ISO instant>] [--region eu-west-2] [--app-name fp]';
let parsed;
try {
  parsed = parseArgs({
    args: process.argv.slice(2),
    allowPositionals: true,
    options: { stage: { type: 'string' }, at: { type: 'string' }, region: { type: 'string' }, 'app-name': { type: 'string', default: 'fp' } },
  });
} catch (error) {
  fail(`${(error as Error).message}\n${USAGE}`);
}
const { positionals, values } = parsed!;
if (positionals[0] !== 'restore' || !values.stage || !['dev', 'staging', 'prod'].includes(values.stage)) fail(USAGE);
const region = values.region ?? process.env.AWS_REGION ?? 'eu-west-2';
const aws = async (...args: string[]) =>
  (await promisify(execFile)('aws', [...args, '--region', region, '--output', 'json'], { maxBuffer: 256 * 1024 * 1024 })).stdout;

try {
  const stack = `${values['app-name']}-${values.stage}-site`;
  const outputs = Object.fromEntries(
    (
      (JSON.parse(await aws('cloudformation', 'describe-stacks', '--stack-name', stack, '--query', 'Stacks[0].Outputs')) ?? []) as Array<{
        OutputKey: string;
        OutputValue: string;
      }>
    ).map((o) => [o.OutputKey, o.OutputValue]),
  );
  const bucket = outputs.SiteBucketName;
  const distribution = outputs.DistributionId;
  if (!bucket || !distribution) fail(`Stack ${stack} has no SiteBucketName/DistributionId output: deploy it first`);
  const listed = JSON.parse(await aws('s3api', 'list-object-versions', '--bucket', bucket!)) as { Versions?: ObjectVersion[]; DeleteMarkers?: ObjectVersion[] };
  const versions = [...(listed.Versions ?? []), ...(listed.DeleteMarkers ?? []).map((m) => ({ ...m, deleteMarker: true }))];
  const at = values.at ? new Date(values.at) : beforeLastDeploy(versions);
  if (Number.isNaN(at.getTime())) fail(`--at must be an ISO instant\n${USAGE}`);
  const plan = restorePlan(versions, at);
  console.log(`Restoring ${bucket} to ${at.toISOString()}: ${plan.length} change(s).`);
  for (const action of plan) {
    if ('copy' in action) {
      await aws(
        's3api',
        'copy-object',
        '--bucket',
        bucket!,
        '--key',
        action.copy.key,
        '--copy-source',
        `${bucket}/${action.copy.key}?versionId=${action.copy.versionId}`,
        '--metadata-directive',
        'COPY',
      );
      console.log(`  restored ${action.copy.key}`);
    } else {
      await aws('s3api', 'delete-object', '--bucket', bucket!, '--key', action.remove.key);
      console.log(`  removed  ${action.remove.key}`);
    }
  }
  await aws('cloudfront', 'create-invalidation', '--distribution-id', distribution!, '--paths', '/*');
  console.log(`CloudFront invalidated; the previous SPA is served within minutes. Roll forward with \`npm run deploy\`.`);
} catch (error) {
  const missingCli = (error as NodeJS.ErrnoException).code === 'ENOENT' ? ' (install the AWS CLI v2)' : '';
  fail(`Could not restore the site: ${(error as Error).message}${missingCli}`);
}
