// @vitest-environment node
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';

// @ts-expect-error: a plain .mjs module without types
import plugin from '../../../scripts/eslint-rules/http-stays-out-of-core.mjs';

RuleTester.describe = describe;
RuleTester.it = it;
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2024, sourceType: 'module' } });

tester.run('http-stays-out-of-core', plugin.rules['http-stays-out-of-core'], {
  valid: [
    "import { makeReadCache, type Keyed } from '../cache/read-cache.ts';",
    "import { issueLines } from '@app/contracts/response-contract';",
    'export const upcoming = async () => ({ key: `locked@${1}`, value: [] });',
    "const headers = { 'content-type': 'text/html' };",
  ],
  invalid: [
    { code: "import { taggedJson } from '@app/platform/http/cache-control';", errors: [{ messageId: 'import' }] },
    { code: "import { serialise } from '../../../platform/src/http/cache-control.ts';", errors: [{ messageId: 'import' }] },
    { code: "const m = await import('@app/platform/http/route');", errors: [{ messageId: 'import' }] },
    { code: 'const json = JSON.stringify(v);\nexport const answer = { json, etag: `"${json.length}"` };', errors: [{ messageId: 'etag' }] },
    { code: 'const eTag = hash(json);', errors: [{ messageId: 'etag' }] },
    { code: "const headers = { 'ETag': tag };", errors: [{ messageId: 'etag' }] },
    { code: "const seen = request.headers['if-none-match'];", errors: [{ messageId: 'etag' }] },
  ],
});
