/**
 * `layers/http-stays-out-of-core`: the domain (packages/core) returns domain values; their JSON
 * text, entity tags and response contracts belong to the HTTP layer (packages/platform/src/http;
 * docs/decisions/0340-http-in-the-http-layer.md). A core file may not import platform's http code
 * (by package name or by a relative path) nor build an entity tag: no `etag` name or property, no
 * `ETag` or `If-None-Match` header name.
 */
const HTTP_CODE = /^@app\/platform\/http(\/|$)|(^|\/)platform\/src\/http(\/|$)/;
const ETAG_NAME = /^e_?tag$/i;
const HEADER = /^(etag|if-none-match)$/i;

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: "The domain returns domain values: no platform http import, no entity tag (the HTTP layer's work)." },
    schema: [],
    messages: {
      import: "Core may not import platform's http code ({{source}}): return a domain value and let the HTTP layer answer with it.",
      etag: 'Core builds no entity tag ({{name}}): the HTTP layer serialises and tags the values core returns.',
    },
  },
  create(context) {
    const checkSource = (node) => {
      const source = node.source;
      if (source?.type === 'Literal' && typeof source.value === 'string' && HTTP_CODE.test(source.value))
        context.report({ node: source, messageId: 'import', data: { source: source.value } });
    };
    const etag = (node, name) => context.report({ node, messageId: 'etag', data: { name } });
    return {
      ImportDeclaration: checkSource,
      ImportExpression: checkSource,
      ExportNamedDeclaration: checkSource,
      ExportAllDeclaration: checkSource,
      Identifier(node) {
        if (ETAG_NAME.test(node.name)) etag(node, node.name);
      },
      Literal(node) {
        if (typeof node.value === 'string' && HEADER.test(node.value) && node.parent?.type !== 'ImportDeclaration') etag(node, node.value);
      },
    };
  },
};

export default { rules: { 'http-stays-out-of-core': rule } };
