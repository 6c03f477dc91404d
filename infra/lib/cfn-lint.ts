/**
 * cfn-lint, the CloudFormation linter: checks synthesised templates against CloudFormation's own
 * resource schemas (a property CloudFormation does not accept fails the deploy, not the synth).
 * The infra tests and the deploy workflow run it on every template of staging and prod and fail
 * on any error (docs/deploy.md "Pipeline").
 */
import { spawn, spawnSync } from 'node:child_process';

export interface LintFinding {
  rule: string;
  level: 'Error' | 'Warning' | 'Informational';
  message: string;
  /** `<file>: <path in the template>` */
  where: string;
}

/** The installed cfn-lint's version, or undefined when it is not on PATH. */
export function cfnLintVersion(): string | undefined {
  const run = spawnSync('cfn-lint', ['--version'], { encoding: 'utf8' });
  return run.status === 0 ? run.stdout.trim() : undefined;
}

interface RawFinding {
  Rule: { Id: string };
  Level: LintFinding['level'];
  Message: string;
  Filename: string;
  Location: { Path?: Array<string | number> };
}

/** Lints `files` against `regions` (resource types and values differ by region); resolves with every finding. */
export function cfnLint(files: readonly string[], regions: readonly string[]): Promise<LintFinding[]> {
  return new Promise((resolve, reject) => {
    const child = spawn('cfn-lint', ['--format', 'json', '--non-zero-exit-code', 'none', '--regions', ...regions, '--', ...files], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`cfn-lint exited with ${code}: ${err.trim() || out.trim()}`));
      const raw = JSON.parse(out || '[]') as RawFinding[];
      resolve(raw.map((f) => ({ rule: f.Rule.Id, level: f.Level, message: f.Message, where: `${f.Filename}: ${(f.Location.Path ?? []).join('/')}` })));
    });
  });
}
