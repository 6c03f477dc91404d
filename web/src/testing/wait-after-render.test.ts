// @vitest-environment node
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';

// @ts-expect-error: a plain .mjs module without types
import plugin from '../../../scripts/eslint-rules/wait-after-render.mjs';

RuleTester.describe = describe;
RuleTester.it = it;
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2024, sourceType: 'module' } });
const inTest = (body: string) => `it('x', async () => {\n${body}\n});`;

tester.run('wait-after-render', plugin.rules['wait-after-render'], {
  valid: [
    inTest("await renderApp('/');\nexpect(await screen.findByRole('heading')).toBeInTheDocument();\nexpect(screen.getByText('x')).toBeInTheDocument();"),
    inTest("await renderApp('/');\nawait waitFor(() => expect(screen.getByText('x')).toBeInTheDocument());"),
    inTest("await renderApp('/');\nconst card = within(await screen.findByRole('article')).getByText('x');"),
    inTest("const { user } = await renderApp('/');\nawait user.click(await screen.findByRole('button'));\nscreen.getByRole('dialog');"),
    inTest("render(card());\nexpect(screen.getByText('x')).toBeInTheDocument();"),
  ],
  invalid: [
    {
      code: inTest("await renderApp('/x');\nexpect(screen.getByRole('heading', { name: 'Match not found' })).toBeInTheDocument();"),
      errors: [{ messageId: 'sync' }],
    },
    { code: inTest("const { router } = await renderApp('/');\nconst rows = screen.getAllByRole('row');"), errors: [{ messageId: 'sync' }] },
    { code: inTest("await renderApp('/');\nexpect(screen.queryByText('x')).not.toBeInTheDocument();"), errors: [{ messageId: 'sync' }] },
    { code: inTest("await renderApp('/');\nconst x = within(screen.getByRole('main')).findByText('y');"), errors: [{ messageId: 'sync' }] },
  ],
});
