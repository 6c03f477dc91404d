// `npm run smoke -- --url <site>`: after a deploy (or against `npm start`), checks what a visitor
// and Stripe would hit first: the health probe, two pages, the public reads with nothing premium
// in them, the security headers, and that the webhook refuses an unsigned event.
// Exits 1 with the list of what failed. Read-only: it creates nothing.
const args = process.argv.slice(2);
const at = args.indexOf('--url');
const base = (at >= 0 ? args[at + 1] : process.env.SMOKE_URL)?.replace(/\/+$/, '');
if (!base || !/^https?:\/\//.test(base)) {
  console.error('usage: npm run smoke -- --url https://<your site>   (or http://localhost:3000)');
  process.exit(2);
}
const https = base.startsWith('https://');
const timeoutMs = Number(process.env.SMOKE_TIMEOUT_MS ?? 15_000);

const results = [];
async function check(name, fn) {
  const started = performance.now();
  try {
    const detail = await fn();
    results.push({ name, ok: true, detail, ms: performance.now() - started });
  } catch (error) {
    results.push({ name, ok: false, detail: error instanceof Error ? error.message : String(error), ms: performance.now() - started });
  }
}
const get = (path, init = {}) => fetch(`${base}${path}`, { redirect: 'manual', signal: AbortSignal.timeout(timeoutMs), ...init });
function expect(condition, message) {
  if (!condition) throw new Error(message);
}

await check('GET /api/health answers 200 with the table reachable', async () => {
  const res = await get('/api/health');
  const body = await res.json().catch(() => undefined);
  expect(res.status === 200, `HTTP ${res.status} ${JSON.stringify(body)}`);
  expect(body?.status === 'ok' && body?.table === 'reachable', `unexpected body ${JSON.stringify(body)}`);
  return `table ${body.table}, server time ${body.time}`;
});

for (const [path, title] of [
  ['/', /AI-Powered Football Predictions|Football/i],
  ['/predictions', /Predictions/i],
]) {
  await check(`GET ${path} serves the page`, async () => {
    const res = await get(path);
    const html = await res.text();
    expect(res.status === 200, `HTTP ${res.status}`);
    expect(/text\/html/.test(res.headers.get('content-type') ?? ''), `content-type ${res.headers.get('content-type')}`);
    expect(title.test(html), 'the page does not look like ours');
    return `${html.length} bytes`;
  });
}

await check('pages carry the security headers', async () => {
  const res = await get('/');
  await res.arrayBuffer();
  const missing = ['content-security-policy', 'x-content-type-options', 'referrer-policy', ...(https ? ['strict-transport-security'] : [])].filter(
    (h) => !res.headers.get(h),
  );
  expect(missing.length === 0, `missing ${missing.join(', ')}`);
  return 'CSP, nosniff, referrer policy' + (https ? ', HSTS' : '');
});

await check('GET /api/predictions: a visitor gets the fixtures, locked', async () => {
  const res = await get('/api/predictions');
  const body = await res.json();
  expect(res.status === 200 && Array.isArray(body), `HTTP ${res.status}`);
  const leaked = body.filter((p) => !p.isLocked || p.homeWinProb !== null || p.overUnder25 !== null);
  expect(leaked.length === 0, `${leaked.length} fixture(s) show probabilities to a visitor`);
  expect(/public/.test(res.headers.get('cache-control') ?? ''), `cache-control ${res.headers.get('cache-control')}`);
  return `${body.length} fixture(s), all locked; ${res.headers.get('cache-control')}`;
});

await check('GET /api/metrics/latest answers, cacheable, and 304 on its ETag', async () => {
  const res = await get('/api/metrics/latest');
  await res.json();
  const etag = res.headers.get('etag');
  expect(res.status === 200 && etag, `HTTP ${res.status}, etag ${etag}`);
  const again = await get('/api/metrics/latest', { headers: { 'if-none-match': etag } });
  await again.arrayBuffer();
  expect(again.status === 304, `repeat with If-None-Match: HTTP ${again.status}`);
  return `etag ${etag}`;
});

await check('POST /api/stripe/webhook refuses an unsigned event with 400', async () => {
  const res = await get('/api/stripe/webhook', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
    body: JSON.stringify({ id: 'evt_smoke', type: 'customer.subscription.deleted' }),
  });
  await res.arrayBuffer();
  expect(res.status === 400, `HTTP ${res.status} (a 5xx means the webhook secret is missing or the function fails)`);
  return 'HTTP 400';
});

await check('an unknown API path is a JSON 404, not an error page', async () => {
  const res = await get('/api/smoke-test-unknown');
  const body = await res.json().catch(() => undefined);
  expect(res.status === 404 && body, `HTTP ${res.status}`);
  return 'HTTP 404 JSON';
});

await check('a path that is no page is a real 404 with the HTML of the not-found page, not a soft 200', async () => {
  const res = await get('/smoke-test-no-such-page');
  await res.arrayBuffer();
  expect(res.status === 404 && /text\/html/.test(res.headers.get('content-type') ?? ''), `HTTP ${res.status} ${res.headers.get('content-type') ?? ''}`);
  return 'HTTP 404 HTML';
});

await check('a match, team or league that does not exist is a real 404 with the app shell', async () => {
  const answers = [];
  for (const path of ['/predictions/smoke-test-no-such-match', '/teams/smoke-test-no-such-team', '/leagues/SMOKE0']) {
    const res = await get(path);
    await res.arrayBuffer();
    expect(
      res.status === 404 && /text\/html/.test(res.headers.get('content-type') ?? ''),
      `${path}: HTTP ${res.status} ${res.headers.get('content-type') ?? ''}`,
    );
    answers.push(res.status);
  }
  return `HTTP ${answers.join(', ')} HTML`;
});

await check('a missing file is a 404 (the site bucket would say 403)', async () => {
  const res = await get('/smoke-test-missing-file.png');
  await res.arrayBuffer();
  expect(res.status === 404, `HTTP ${res.status} ${res.headers.get('content-type') ?? ''}`);
  return `HTTP 404 ${res.headers.get('content-type') ?? ''}`;
});

for (const r of results) console.log(`${r.ok ? 'PASS' : 'FAIL'}  ${r.name} (${Math.round(r.ms)} ms): ${r.detail}`);
const failed = results.filter((r) => !r.ok).length;
console.log(`\n${results.length - failed} passed, ${failed} failed  (${base})`);
process.exit(failed ? 1 : 0);
