// The repository stands alone: no tracked file may cite a document that lives outside it (the
// old product notes, a sibling `shared` folder, "spec section N"). Cite docs/ instead: the
// product (docs/product.md), a decision record (docs/decisions/), the architecture, providers.
// Every `docs/...md#anchor` cited, and every relative markdown link, must resolve, every
// repository path the README and the top-level docs name exists (missingPaths), and so does every
// file path a code comment names (stalePathsInComments: a moved file leaves no stale pointer).
// Every decision record carries its date and status (decisionRecordHeaders).
// Why: docs/decisions/0019-the-repository-documents-itself.md.
// Part of `npm run lint`. No file is exempt but this one (its self-test names what it forbids):
// even the benchmarks' data folder has no default outside the repository.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const self = relative(root, fileURLToPath(import.meta.url));

const FORBIDDEN = [
  { pattern: /\bdecisions\.md\b/, instead: 'a record under docs/decisions/' },
  { pattern: /\breference\/[a-z-]+\.md\b/, instead: 'docs/architecture.md, docs/providers.md or a decision record' },
  { pattern: /(?<![\w/-])(platform|forecasting|style-anchors)\.md\b/, instead: 'docs/architecture.md, docs/model.md or a decision record' },
  { pattern: /\b(ARCHITECTURE|STYLE)\.md\b/, instead: 'docs/architecture.md' },
  { pattern: /\bproduct-spec\b/, instead: 'docs/product.md' },
  { pattern: /\bspec(?: section|s? §)/i, instead: 'docs/product.md#<section>' },
  { pattern: /\.\.\/shared\b|\/work\/shared\b/, instead: 'a path inside the repository, or a placeholder such as <football-data folder>' },
];
const EXEMPT = [new RegExp(`^${self.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`)];
const TEXT = /\.(ts|tsx|mts|cts|js|mjs|cjs|jsx|md|json|ya?ml|html|css|sh)$/;
const SKIP_DIRS = new Set(['node_modules', '.git', '.data', 'dist', 'cdk.out', 'coverage', 'bench-results', 'artifacts']);
const SKIP_FILES = new Set(['pnpm-lock.yaml']);

/** Every line of `text` that cites something outside the repository, with what to cite instead. */
function citations(text) {
  const found = [];
  text.split('\n').forEach((line, i) => {
    for (const { pattern, instead } of FORBIDDEN) {
      const m = pattern.exec(line);
      if (m) found.push({ line: i + 1, cited: m[0], instead });
    }
  });
  return found;
}

/** GitHub's anchor of a markdown heading: lower case, punctuation dropped, spaces -> '-'. */
function slug(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

const anchorsOf = new Map();
function anchors(file) {
  if (!anchorsOf.has(file)) {
    const headings = readFileSync(join(root, file), 'utf8')
      .split('\n')
      .filter((l) => /^#{1,6}\s/.test(l));
    anchorsOf.set(file, new Set(headings.map((h) => slug(h.replace(/^#+\s*/, '')))));
  }
  return anchorsOf.get(file);
}

/**
 * Citations of repository documents that do not resolve: `docs/x.md#anchor` anywhere (from the
 * repository root), and relative markdown links `](x.md#anchor)` in markdown files.
 */
function brokenReferences(file, text) {
  const found = [];
  const check = (line, target, from) => {
    const [path, anchor] = target.split('#');
    const resolved = normalize(join(from, path));
    if (!existsSync(join(root, resolved))) found.push(`${file}:${line}: cites '${target}', which does not exist`);
    else if (anchor && resolved.endsWith('.md') && !anchors(resolved).has(anchor))
      found.push(`${file}:${line}: cites '${target}', but ${resolved} has no heading with that anchor`);
  };
  text.split('\n').forEach((line, i) => {
    for (const m of line.matchAll(/(?<![\w./-])docs\/[\w./-]*\.md(?:#[\w-]+)?/g)) check(i + 1, m[0], '.');
    if (file.endsWith('.md')) {
      for (const m of line.matchAll(/\]\(([^)\s]+?\.md(?:#[\w-]+)?)\)/g)) if (!/^[a-z]+:/.test(m[1])) check(i + 1, m[1], dirname(file));
      for (const m of line.matchAll(/\]\((#[\w-]+)\)/g))
        if (!anchors(file).has(m[1].slice(1))) found.push(`${file}:${i + 1}: links '${m[1]}', which is no heading of this file`);
    }
  });
  return found;
}

/**
 * Repository paths a document names in backticks that do not exist: `functions/src/routes.ts`
 * from the root (a folder when it ends with '/'), `@app/contracts/errors` through its package,
 * and a shortened path with an extension (`dynamodb/keys.ts`, `core/email/templates.ts`) as the
 * end of some tracked file's path. Spans with a placeholder (`<...>`, `{...}`, `*`), URLs and
 * API paths (a leading '/') are not file names; neither is a span without '/'.
 */
function missingPaths(file, text, files) {
  const found = [];
  const exists = (path) => (path.endsWith('/') ? files.some((f) => f.startsWith(path)) : files.includes(path) || files.some((f) => f.startsWith(`${path}/`)));
  text.split('\n').forEach((line, i) => {
    for (const m of line.matchAll(/`([^`\s]+)`/g)) {
      const span = m[1].replace(/[#:][\w-]*$/, '');
      if (!span.includes('/') || /[<>{}*$|]/.test(span) || /^(\/|\.|[a-z]+:)/.test(span)) continue;
      const pkg = /^(@app\/[\w-]+)\/(.+)$/.exec(span);
      let ok;
      if (pkg) ok = !PACKAGES.has(pkg[1]) || ['.ts', '.tsx'].some((ext) => files.includes(`${PACKAGES.get(pkg[1])}/src/${pkg[2]}${ext}`));
      else if (TOP_LEVEL.has(span.split('/')[0])) ok = exists(span);
      else if (/\.(ts|tsx|mjs|js|json|md|ya?ml|txt|css|html)$/.test(span)) ok = files.some((f) => f.endsWith(`/${span}`)) || inPackageSource(span, files);
      else continue;
      if (!ok && !generated(span)) found.push(`${file}:${i + 1}: names '${m[1]}', which is no path in the repository`);
    }
  });
  return found;
}

/** `core/auth/service.ts` as the docs shorten `packages/core/src/auth/service.ts`. */
function inPackageSource(span, files) {
  const [first, ...rest] = span.split('/');
  return files.includes(`packages/${first}/src/${rest.join('/')}`);
}

/** A build output or other ignored path (`web/dist`, `infra/cdk.out`): named, never tracked. */
function generated(span) {
  for (const path of [span, `${span.replace(/\/$/, '')}/`]) {
    try {
      execFileSync('git', ['check-ignore', '-q', '--no-index', path], { cwd: root, stdio: 'ignore' });
      return true;
    } catch {
      // not ignored in this form
    }
  }
  return false;
}

/** The comments of a JavaScript/TypeScript source, line by line: a line comment to its end, and block comments. */
function commentLines(text) {
  const out = [];
  let inBlock = false;
  text.split('\n').forEach((line, i) => {
    let rest = line;
    while (rest.length) {
      if (inBlock) {
        const end = rest.indexOf('*/');
        out.push({ line: i + 1, text: end < 0 ? rest : rest.slice(0, end) });
        if (end < 0) return;
        inBlock = false;
        rest = rest.slice(end + 2);
        continue;
      }
      // A comment starts a line or follows a space or punctuation (so `https://` is no comment).
      const m = /(^|[\s;,({[])(\/\/|\/\*)/.exec(rest);
      if (!m) return;
      const at = m.index + m[1].length;
      if (m[2] === '//') {
        out.push({ line: i + 1, text: rest.slice(at + 2) });
        return;
      }
      inBlock = true;
      rest = rest.slice(at + 2);
    }
  });
  return out;
}

const COMMENT_PATH = /(?<![\w@./:-])(?:\.{1,2}\/)?[\w-][\w.-]*(?:\/[\w.-]+)+\.(?:ts|tsx|mjs|js|cjs|json|md|ya?ml|txt|css|html|java|sh)(?!\w)/g;

/** The folder of the package a file belongs to (the nearest package.json above it), or the root. */
function packageOf(file, files) {
  for (let dir = dirname(file); dir !== '.'; dir = dirname(dir)) if (files.includes(`${dir}/package.json`)) return dir;
  return '.';
}

/**
 * File paths named in the comments of a source file that do not exist: `functions/src/routes.ts`
 * from the root, `./x.ts` or `../y/x.ts` from the file, `bench/run.ts` from the file's package,
 * `dynamodb/keys.ts` or `core/auth/service.ts` as the docs shorten them, `bench-results/x.json`
 * (an ignored output) or a dependency's file (`sonner/dist/styles.css`). `docs/...md` is checked
 * with every citation (brokenReferences).
 */
function stalePathsInComments(file, text, files) {
  const found = [];
  const exists = (path) => files.includes(path) || files.some((f) => f.startsWith(`${path}/`));
  const pkg = packageOf(file, files);
  for (const { line, text: comment } of commentLines(text)) {
    for (const m of comment.matchAll(COMMENT_PATH)) {
      const span = m[0];
      if (/^docs\/.*\.md$/.test(span)) continue;
      const ok =
        exists(normalize(span)) ||
        exists(normalize(join(dirname(file), span))) ||
        exists(normalize(join(pkg, span))) ||
        (!span.startsWith('.') && (files.some((f) => f.endsWith(`/${span}`)) || inPackageSource(span, files))) ||
        generated(span) ||
        existsSync(join(root, pkg, 'node_modules', span)) ||
        existsSync(join(root, 'node_modules', span));
      if (!ok) found.push(`${file}:${line}: a comment names '${span}', which is no file in the repository (moved? name where it is now)`);
    }
  }
  return found;
}

const STATUS_CLAUSE =
  /^(accepted|superseded by \[(\d{4})\]\(\2-[\w-]+\.md\)|(superseded in part by|amended by|replaces|amends) \[(\d{4})\]\(\4-[\w-]+\.md\)( in part)?)$/;

/**
 * Every decision record says under its title when it was taken and where it stands:
 * `Date: yyyy-mm-dd`, then `Status: accepted` or `superseded by [NNNN](...)`, with `; superseded in
 * part by`, `; amended by`, `; replaces` (`... in part`) or `; amends` clauses; each link between two
 * records is written on both (0102 replaces 0003, 0003 is superseded by 0102).
 */
function decisionRecordHeaders(records) {
  const found = [];
  const links = new Set();
  const claims = [];
  for (const [name, text] of records) {
    const number = name.slice(0, 4);
    const lines = text.split('\n');
    const date = /^Date: (\d{4}-\d{2}-\d{2})$/.exec(lines[2] ?? '');
    if (
      !lines[0].startsWith(`# ${number}`) ||
      lines[1] !== '' ||
      !date ||
      Number.isNaN(Date.parse(date[1])) ||
      lines[3] !== '' ||
      !/^Status: /.test(lines[4] ?? '')
    ) {
      found.push(
        `docs/decisions/${name}: its title, then 'Date: <yyyy-mm-dd>' (when it was added: git log --diff-filter=A --format=%as -- <file>) and 'Status: accepted' (or superseded by / replaces ...), each a paragraph of its own`,
      );
      continue;
    }
    const clauses = lines[4].slice('Status: '.length).split('; ');
    clauses.forEach((clause, i) => {
      const m = STATUS_CLAUSE.exec(clause);
      const first = m && (m[1] === 'accepted' || m[2] !== undefined);
      if (!m || first !== (i === 0) || (m[5] && m[3] !== 'replaces')) {
        found.push(
          `docs/decisions/${name}: status clause '${clause}' is not one of: accepted, superseded by [NNNN](...) (first); superseded in part by, amended by, replaces (in part), amends [NNNN](...)`,
        );
        return;
      }
      const other = m[2] ?? m[4];
      if (!other) return;
      const partly = clause.includes('in part');
      const relation = m[2] ? 'superseded' : { 'superseded in part by': 'superseded', 'amended by': 'amended', replaces: 'replaces', amends: 'amends' }[m[3]];
      // Record both directions as "<older> <relation> <newer>" so each claim finds its counterpart.
      const key =
        relation === 'superseded'
          ? `${number} superseded ${other}${partly ? ' in part' : ''}`
          : relation === 'amended'
            ? `${number} amended ${other}`
            : relation === 'replaces'
              ? `${other} superseded ${number}${partly ? ' in part' : ''}`
              : `${other} amended ${number}`;
      links.add(`${key} @${number}`);
      claims.push({ name, key, from: number });
    });
  }
  for (const { name, key, from } of claims) {
    const [older, , newer] = key.split(' ');
    const counterpart = from === older ? newer : older;
    if (!links.has(`${key} @${counterpart}`))
      found.push(
        `docs/decisions/${name}: its status says '${key.replace(' superseded ', ' is superseded by ').replace(' amended ', ' is amended by ')}', which record ${counterpart}'s status does not say`,
      );
  }
  return found;
}

function trackedFiles() {
  try {
    return execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
      .split('\0')
      .filter(Boolean);
  } catch {
    // Not a git checkout (e.g. an unpacked archive): walk the tree instead.
    const out = [];
    const walk = (dir) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) {
          if (!SKIP_DIRS.has(name)) walk(path);
        } else out.push(relative(root, path));
      }
    };
    walk(root);
    return out;
  }
}

// The check itself must be able to fail: known citations are found, repository paths are not,
// and anchors are GitHub's.
// (the sibling folder's path is assembled, so that no script spells out a path outside the repository)
const mustFind = [
  'see decisions.md',
  'reference/platform.md 4.5',
  'platform.md 4.4',
  'ARCHITECTURE.md, Layout',
  'spec/product-spec.md',
  'Spec section 9',
  'spec sections 4, 8',
  `--data ${['..', 'shared', 'data'].join('/')}`,
];
const mustPass = [
  'docs/decisions/0007-locking-decided-on-the-server.md',
  'docs/product.md#display-formats',
  'docs/architecture.md',
  'docs/providers.md',
  'the spec says',
];
const broken = [...mustFind.filter((s) => citations(s).length === 0), ...mustPass.filter((s) => citations(s).length > 0)];
if (slug('football-data.co.uk CSV files') !== 'football-datacouk-csv-files' || slug('Admin `odds`') !== 'admin-odds') broken.push('slug');
if (broken.length) {
  console.error(`check-citations: its own patterns are wrong for: ${broken.join(' | ')}`);
  process.exit(2);
}

const tracked = trackedFiles();
/** The folders at the repository's root, and `@app/<name>` -> its package folder. */
const TOP_LEVEL = new Set(tracked.filter((f) => f.includes('/')).map((f) => f.split('/')[0]));
const PACKAGES = new Map(
  tracked
    .filter((f) => f.endsWith('package.json') && !f.includes('node_modules/'))
    .map((f) => [JSON.parse(readFileSync(join(root, f), 'utf8')).name, dirname(f)]),
);
/**
 * The documents whose named paths must exist: the READMEs and the top-level docs. Decision
 * records are left out: their context names what the code was when they were taken.
 */
const NAMES_PATHS = /^((\w+\/)?README\.md|docs\/[\w-]+\.md)$/;
if (
  missingPaths(
    'self-test',
    '`functions/src/routes.ts` `docs/` `@app/contracts/errors` `dynamodb/keys.ts` `core/auth/service.ts` `web/dist` `zod/mini` `<dir>/x.ts` `/api/health`',
    tracked,
  ).length !== 0 ||
  missingPaths('self-test', '`functions/src/no-such.ts`', tracked).length !== 1 ||
  missingPaths('self-test', '`@app/contracts/no-such`', tracked).length !== 1 ||
  missingPaths('self-test', '`dynamodb/no-such.ts`', tracked).length !== 1
) {
  console.error('check-citations: the named-path check is wrong about its own examples');
  process.exit(2);
}

const CODE = /\.(ts|tsx|mts|cts|js|mjs|cjs|jsx)$/;
if (
  stalePathsInComments(
    'functions/src/x.ts',
    "// functions/src/routes.ts:12, ./routes.ts, dynamodb/keys.ts, core/auth/service.ts\nconst url = 'https://example.com/a/b.ts';\nconst p = 'functions/src/no-such.ts';",
    tracked,
  ).length !== 0 ||
  stalePathsInComments('functions/src/x.ts', '// moved: functions/src/no-such.ts\n/* and\n * testing/no-such.ts */', tracked).length !== 2
) {
  console.error('check-citations: the check of paths in comments is wrong about its own examples');
  process.exit(2);
}

const header = (n, status) => [`${n}-x.md`, `# ${n}: X\n\nDate: 2026-11-23\n\nStatus: ${status}\n\n## Context\n`];
if (
  decisionRecordHeaders([
    header('0003', 'superseded by [0102](0102-x.md)'),
    header('0102', 'accepted; replaces [0003](0003-x.md)'),
    header('0009', 'accepted; amended by [0133](0133-x.md)'),
    header('0133', 'accepted; amends [0009](0009-x.md)'),
  ]).length !== 0 ||
  decisionRecordHeaders([header('0003', 'superseded by [0102](0102-x.md)'), header('0102', 'accepted')]).length !== 1 ||
  decisionRecordHeaders([header('0004', 'accepted; superseded in part by [0152](0152-x.md)'), header('0152', 'accepted; replaces [0004](0004-x.md)')])
    .length !== 2 ||
  decisionRecordHeaders([['0001-x.md', '# 0001: X\n\n## Context\n'], header('0002', 'approved')]).length !== 2
) {
  console.error("check-citations: the decision records' header check is wrong about its own examples");
  process.exit(2);
}

const problems = [];
let checked = 0;
for (const file of tracked) {
  if (!TEXT.test(file) || SKIP_FILES.has(file.split('/').pop()) || EXEMPT.some((e) => e.test(file))) continue;
  let text;
  try {
    text = readFileSync(join(root, file), 'utf8');
  } catch {
    continue; // deleted in the working tree but still tracked
  }
  checked += 1;
  for (const c of citations(text)) problems.push(`${file}:${c.line}: cites '${c.cited}', which is not in the repository; cite ${c.instead}`);
  problems.push(...brokenReferences(file, text));
  if (NAMES_PATHS.test(file)) problems.push(...missingPaths(file, text, tracked));
  if (CODE.test(file)) problems.push(...stalePathsInComments(file, text, tracked));
}

// Every decision record is listed in the records' index, so a reader finds it, and carries its date and status.
const index = readFileSync(join(root, 'docs/decisions/README.md'), 'utf8');
const records = readdirSync(join(root, 'docs/decisions')).filter((f) => /^\d{4}-.+\.md$/.test(f));
for (const record of records) {
  if (!index.includes(`](${record})`)) problems.push(`docs/decisions/README.md: does not list ${record}`);
}
problems.push(...decisionRecordHeaders(records.map((record) => [record, readFileSync(join(root, 'docs/decisions', record), 'utf8')])));

if (problems.length) {
  console.error(problems.join('\n'));
  console.error(
    `\n${problems.length} problem(s) in ${checked} files: citations of documents outside the repository, of repository documents that do not resolve, or of paths that do not exist.`,
  );
  process.exit(1);
}
console.log(
  `check-citations: ${checked} files cite only documents inside the repository, every such citation resolves, every path the docs and the code comments name exists, and every decision record has its date and status.`,
);
