/**
 * `tests/wait-after-render`: the first Testing Library query after a render waits for what it
 * asks for (`findBy…`, or any query inside `waitFor`). Pages load their code and their data
 * asynchronously; a `getBy…`/`queryBy…` right after a render asserts what happened to be drawn
 * at that instant, which passes on an idle machine and fails on a busy one (a lazily loaded
 * route still showing its loading state). Queries after that first wait may be synchronous.
 */
const RENDERS = new Set(['renderApp']);
const QUERY = /^(get|getAll|query|queryAll|find|findAll)By[A-Z]\w*$/;
const SYNC_QUERY = /^(get|getAll|query|queryAll)By[A-Z]\w*$/;

/** The callee's name of `f(...)`, `await f(...)` or `obj.f(...)`. */
function calleeName(node) {
  if (node?.type === 'AwaitExpression') node = node.argument;
  if (node?.type !== 'CallExpression') return undefined;
  const callee = node.callee;
  if (callee.type === 'Identifier') return callee.name;
  if (callee.type === 'MemberExpression' && callee.property.type === 'Identifier') return callee.property.name;
  return undefined;
}

/** Whether a statement renders: `render(...)`, `await renderApp(...)`, `const x = await renderApp(...)`. */
function isRender(statement) {
  if (statement.type === 'ExpressionStatement') return RENDERS.has(calleeName(statement.expression));
  if (statement.type === 'VariableDeclaration') return statement.declarations.some((d) => RENDERS.has(calleeName(d.init)));
  return false;
}

/**
 * The first query call in a statement, in source order, and whether it sits inside a `waitFor`
 * callback. Functions other than a `waitFor` callback are not entered (they run later, if ever).
 */
function firstQuery(root) {
  let found;
  const visit = (node, insideWaitFor) => {
    if (found || !node || typeof node.type !== 'string') return;
    if (node.type === 'CallExpression') {
      const name = calleeName(node);
      if (name === 'waitFor') {
        for (const arg of node.arguments) visit(arg.type.endsWith('FunctionExpression') ? arg.body : arg, true);
        return;
      }
      if (name && QUERY.test(name)) {
        // What runs first: the callee's object and the arguments (`within(await findBy…).getBy…`).
        visit(node.callee, insideWaitFor);
        node.arguments.forEach((arg) => visit(arg, insideWaitFor));
        found ??= { node, name, insideWaitFor };
        return;
      }
    }
    if (node.type.endsWith('FunctionExpression') || node.type === 'FunctionDeclaration') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'parent') continue;
      if (Array.isArray(value)) value.forEach((child) => visit(child, insideWaitFor));
      else if (value && typeof value === 'object') visit(value, insideWaitFor);
    }
  };
  visit(root, false);
  return found;
}

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'The first query after a render waits (findBy…, or inside waitFor), never asserts what happened to be drawn.' },
    messages: {
      sync: "The first query after a render is '{{name}}': it asserts whatever the page drew at that instant. Wait for it: findBy… or waitFor(() => …).",
    },
    schema: [],
  },
  create(context) {
    const check = (statements) => {
      for (let i = 0; i < statements.length; i++) {
        if (!isRender(statements[i])) continue;
        for (const later of statements.slice(i + 1)) {
          if (isRender(later)) break;
          const query = firstQuery(later);
          if (!query) continue;
          if (SYNC_QUERY.test(query.name) && !query.insideWaitFor) context.report({ node: query.node, messageId: 'sync', data: { name: query.name } });
          break;
        }
      }
    };
    return {
      BlockStatement: (node) => check(node.body),
      Program: (node) => check(node.body),
    };
  },
};

export default { rules: { 'wait-after-render': rule } };
