// `npm run admin -- grant|revoke <email> [--stage dev|prod --table <TableName>]`: the only way to
// give or take the admin role. Without --stage it works on the local stack's table; with it, on a
// deployed stage's table with the operator's own AWS credentials (docs/deploy.md).
import { hostname, userInfo } from 'node:os';
import { ulid } from 'ulid';
import { changeRole } from '@app/core/auth/admin-role';
import { connectTable, fail, parseTableArgs } from './connect.ts';

/**
 * Who runs this and from where, for the role change's record on the stage: the login on this
 * machine (and the AWS profile whose credentials write to a deployed table), the host name and
 * the command. AWS also records the credentials' calls in CloudTrail when data events are on.
 */
function operator(stage: string | undefined): { actor: string; origin: string } {
  const login = process.env.USER ?? userInfo().username;
  const profile = stage && process.env.AWS_PROFILE ? ` (AWS profile ${process.env.AWS_PROFILE})` : '';
  return { actor: `${login}${profile}`, origin: `${hostname()}: npm run admin${stage ? ` --stage ${stage}` : ''}` };
}

const USAGE = 'Usage: npm run admin -- grant|revoke <email> [--stage dev|prod --table <TableName> [--region eu-west-2]]';

const { positionals, stage, table, region } = parseTableArgs(USAGE);
const [command, email] = positionals;
if ((command !== 'grant' && command !== 'revoke') || !email) fail(USAGE);
const { base, release } = await connectTable({ stage, table, region });

try {
  const { buildUsers, securityLog } = await import('../../src/composition/auth.ts');
  const role = command === 'grant' ? 'admin' : 'user';
  const user = await changeRole(buildUsers(base), email, role, { log: await securityLog(base), ...operator(stage), clock: base.clock, newId: ulid });
  const where = stage ? `stage ${stage} (table ${base.config.TABLE_NAME})` : 'the local stack';
  console.log(
    role === 'admin'
      ? `${user.email} is now an admin on ${where}. They see the admin pages after their next page load.`
      : `${user.email} is no longer an admin on ${where}; the admin API refuses them from their next request.`,
  );
} catch (error) {
  fail(`Could not ${command} admin: ${(error as Error).message}`);
} finally {
  await release();
}
