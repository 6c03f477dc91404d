// `npm run ledger -- verify [--stage dev|prod --table <TableName>]`: recomputes every day digest
// of the bet ledger from the stored entries and exits non-zero on any edit (docs/track-record.md).
// Without --stage it reads the local stack's table; with it, a deployed stage's, with the
// operator's own AWS credentials (read only).
import { connectTable, fail, parseTableArgs } from './connect.ts';

const USAGE = 'Usage: npm run ledger -- verify [--stage dev|prod --table <TableName> [--region eu-west-2]] [--all]';

const { positionals, stage, table, region, flags } = parseTableArgs(USAGE, ['all']);
if (positionals[0] !== 'verify') fail(USAGE);
const { base, release } = await connectTable({ stage, table, region });

let ok = false;
try {
  const { buildLedgerVerifier } = await import('../../src/composition/track-record.ts');
  const report = await buildLedgerVerifier(base).verify();
  ok = report.ok;
  const shown = flags.all ? report.checks : report.checks.filter((c) => c.status !== 'ok');
  for (const c of shown) console.log(`${c.basis.padEnd(9)} ${c.day}  ${c.status.padEnd(20)} ${c.detail}`);
  for (const problem of report.corrections.problems) console.log(`corrections          ${problem}`);
  const days = (basis: string) => new Set(report.checks.filter((c) => c.basis === basis && c.status === 'ok').map((c) => c.day)).size;
  console.log(
    report.ok
      ? `Ledger verified: every sealed day matches its digest (${days('published')} published and ${days('backtest')} back-tested days ok); the corrections chain (${report.corrections.corrections}) checks out.`
      : 'Ledger verification FAILED: stored entries or corrections do not match their digests (see above).',
  );
} catch (error) {
  fail(`Could not verify the ledger: ${(error as Error).message}`);
} finally {
  await release();
}
process.exit(ok ? 0 : 1);
