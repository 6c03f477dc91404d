// The boundaries `npm run lint` keeps (docs/architecture.md#layers): each case is a file that
// crosses one, linted with the repository's own ESLint configuration.
import { ESLint } from 'eslint';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: resolve(import.meta.dirname, '..', '..') });

/** The no-restricted-imports messages ESLint gives `code` as the file at `filePath` (relative to the repository). */
async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('lint boundaries', () => {
  it('refuses a web feature importing another feature, and lets it import its own parts and the shared ones', async () => {
    expect(
      await restrictedImports('web/src/features/tracking/components/x.tsx', "export { A } from '@/features/metrics/components/accuracy-trend';\n"),
    ).toEqual([expect.stringContaining('A feature imports no other feature')]);
    expect(
      await restrictedImports('web/src/features/tracking/components/x.tsx', "export { A } from '../../metrics/components/accuracy-trend';\n"),
    ).toHaveLength(1);
    expect(
      await restrictedImports(
        'web/src/features/tracking/components/x.tsx',
        "export { A } from '@/features/tracking/utils/summary';\nexport { B } from '@/components/tables/metrics-by-basis';\nexport { C } from '../utils/summary';\n",
      ),
    ).toEqual([]);
  });

  it('refuses production code importing the research package (the backtests, tuning and reports), and lets research read the model', async () => {
    expect(await restrictedImports('packages/core/src/pipeline/x.ts', "export { backtestLeague } from '@app/research/backtest';\n")).toEqual([
      expect.stringContaining('may not depend on @app/research'),
    ]);
    expect(await restrictedImports('functions/src/http/x/x.ts', "export { main } from '@app/research/cli/backtest';\n")).toHaveLength(1);
    expect(await restrictedImports('packages/model/src/x.ts', "export { main } from '@app/research/report';\n")).toHaveLength(1);
    expect(await restrictedImports('packages/research/src/x.ts', "export { fitLeagueModel } from '@app/model/forecast';\n")).toEqual([]);
  });
});
