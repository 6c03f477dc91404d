// `npm run audit:security [-- --url http://localhost:3000] [--only <text in a probe's name>]`: the
// probes behind the security findings of issues 26 and 35, run against a started local stack (`npm start`), so a later change
// that reopens one shows up. Each probe says what it checked; the exit code is 1 when one failed.
// What each probe holds, and the unit and integration tests behind it: docs/security.md.
// It signs up a few throwaway accounts (confirmed through the local outbox, /__local/mail.json)
// and storms them from loopback addresses of their own (127.x.y.z, Linux), so the developer's
// own logins from 127.0.0.1 are never slowed down.
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const PASSWORD = 'audit passphrase for throwaway accounts';
/** The sign-up box (18 or older, the Terms accepted): without it a sign-up is a 400 before anything the probes look at. */
const TERMS = { acceptTerms: true, confirmAge: true };
const TEN_MB = 10 * 1024 * 1024;
/** Requests per case in the timing probes (each costs a password hash), and the most they take while two cases differ. */
const SAMPLES = 3;
const MAX_SAMPLES = 12;

/** A loopback address of its own for one client (the counters are per network). */
const freshAddress = () => `127.${1 + (randomBytes(1)[0] % 250)}.${randomBytes(1)[0]}.${1 + (randomBytes(1)[0] % 250)}`;
const uniqueEmail = (name) => `audit-${name}-${randomBytes(5).toString('hex')}@audit.invalid`;
/**
 * Whether two kinds of request take the same time: their fastest of the samples so far within 40 ms
 * or 30 % of the slower (a difference a few requests could measure). The fastest, not the median:
 * a busy machine only ever adds time to a request, while a difference in the work done shows in
 * every sample, the fastest included. The probes sample in interleaved pairs, SAMPLES of them and
 * more while the cases differ, up to MAX_SAMPLES: a real difference stays, a noisy pair does not.
 */
const fastest = (values) => Math.min(...values);
const sameTime = (a, b) => Math.abs(fastest(a) - fastest(b)) <= Math.max(40, 0.3 * Math.max(fastest(a), fastest(b)));

/** One HTTP request with full control of headers, body and the local address; never throws on a status. */
function send(base, method, path, { headers = {}, body, from = '127.0.0.1', cookie } = {}) {
  const url = new URL(path, base);
  const payload = body === undefined ? undefined : Buffer.isBuffer(body) ? body : Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
  const all = {
    ...(payload && !Buffer.isBuffer(body) && typeof body !== 'string' ? { 'content-type': 'application/json' } : {}),
    ...(method !== 'GET' && !('origin' in headers) ? { origin: new URL(base).origin } : {}),
    ...(cookie ? { cookie } : {}),
    ...headers,
  };
  for (const [k, v] of Object.entries(all)) if (v === undefined) delete all[k];
  return new Promise((resolvePromise, reject) => {
    const started = performance.now();
    const req = request(url, { method, headers: all, localAddress: from }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let json;
        try {
          json = JSON.parse(text);
        } catch {
          json = undefined;
        }
        const setCookie = res.headers['set-cookie']?.map((c) => c.split(';')[0]).join('; ');
        resolvePromise({ status: res.statusCode, headers: res.headers, text, json, ms: performance.now() - started, cookie: setCookie });
      });
    });
    req.on('error', reject);
    req.end(payload);
  });
}

/** Runs every probe against `base`; returns [{ name, ok, detail }]. */
export async function runAudit(base, { dataDir, only, log = () => {} } = {}) {
  const results = [];
  const probe = async (name, fn) => {
    // `--only <text>`: the probes whose name contains it (to check one control quickly).
    if (only && !name.includes(only)) return;
    try {
      const detail = await fn();
      results.push({ name, ok: true, detail });
      log(`PASS  ${name}${detail ? `: ${detail}` : ''}`);
    } catch (error) {
      results.push({ name, ok: false, detail: error.message });
      log(`FAIL  ${name}: ${error.message}`);
    }
  };
  const check = (condition, message) => {
    if (!condition) throw new Error(message);
  };
  const api = (method, path, options) => send(base, method, path, options);

  // Loopback addresses beyond 127.0.0.1 (Linux) give each storm a network of its own.
  const manyAddresses = await api('GET', '/api/health', { from: freshAddress() }).then(
    () => true,
    () => false,
  );
  const address = () => (manyAddresses ? freshAddress() : '127.0.0.1');

  async function outbox() {
    const res = await api('GET', '/__local/mail.json');
    check(res.status === 200, `/__local/mail.json answered ${res.status}`);
    return res.json;
  }
  async function waitForMail(to, match) {
    for (let i = 0; i < 80; i++) {
      const mail = (await outbox()).find((m) => m.to === to && match(m));
      if (mail) return mail;
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error(`no email to ${to}`);
  }
  const tokenIn = (mail, path) => decodeURIComponent(new RegExp(`${path}\\?token=([\\w.%-]+)`).exec(mail.text)[1]);
  /** A new account, signed in by its sign-up (201 and a cookie), from a network of its own. */
  async function signedUp(name) {
    const email = uniqueEmail(name);
    const signUp = await api('POST', '/api/auth/register', { body: { email, password: PASSWORD, ...TERMS }, from: address() });
    check(signUp.status === 201 && signUp.cookie, `sign-up answered ${signUp.status} ${signUp.text}`);
    return { email, cookie: signUp.cookie };
  }
  /** A confirmed account (sign-up, the emailed link), still signed in by its sign-up, from a network of its own. */
  async function confirmed(name) {
    const { email, cookie } = await signedUp(name);
    const token = tokenIn(await waitForMail(email, (m) => m.text.includes('/verify-email?token=')), '/verify-email');
    const verified = await api('POST', '/api/auth/verify-email', { body: { token }, from: address() });
    check(verified.status === 200, `verification answered ${verified.status}`);
    return { email, cookie };
  }
  /** A confirmed account's address. */
  const account = async (name) => (await confirmed(name)).email;
  /** The test-mode checkout's path of a new checkout for the session, or undefined with real Stripe keys. */
  async function localCheckout(cookie) {
    const res = await api('POST', '/api/stripe/create-checkout-session', { cookie });
    check(res.status === 200, `checkout -> ${res.status} ${res.text}`);
    const path = new URL(res.json.url).pathname;
    return path.startsWith('/__local/checkout/') ? path : undefined;
  }
  const pay = (path) => api('POST', `${path}/pay`, { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '' });
  async function login(email, password = PASSWORD, from = address(), headers = {}) {
    return api('POST', '/api/auth/login', { body: { email, password }, from, headers });
  }

  const target = await account('target');
  const colleague = await account('colleague');

  await probe('bad-credential storm from one address: the account slows down after 5 checks, its neighbours behind the same address do not (M2)', async () => {
    const office = address();
    const statuses = [];
    for (let i = 0; i < 30; i++) statuses.push((await login(target, `wrong guess ${i}`, office)).status);
    const checked = statuses.filter((s) => s === 401).length;
    check(checked <= 5 && statuses.slice(5).every((s) => s === 429), `statuses ${statuses.join(',')}`);
    const neighbour = await login(colleague, PASSWORD, office);
    check(neighbour.status === 200, `the colleague behind the same address got ${neighbour.status}`);
    return `${checked} checks, ${statuses.length - checked} refused (429); the colleague signed in`;
  });

  await probe('bad-credential storm from many addresses: each address is counted on its own; the owner signs in from a fresh one', async () => {
    if (!manyAddresses) return 'skipped: only 127.0.0.1 on this machine (not Linux)';
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await login(colleague, `spray ${i}`, freshAddress())).status);
    check(
      statuses.every((s) => s === 401),
      `statuses ${statuses.join(',')}`,
    );
    const owner = await login(colleague, PASSWORD, freshAddress());
    check(owner.status === 200, `the owner got ${owner.status}`);
    return '6 addresses, 1 failure each: all checked (401), the owner signs in';
  });

  await probe('header tricks: a forged CloudFront-Viewer-Address or X-Forwarded-For does not reset a throttled address', async () => {
    const office = address();
    for (let i = 0; i < 6; i++) await login(target, `again ${i}`, office);
    const forged = await login(target, PASSWORD, office, {
      'cloudfront-viewer-address': '203.0.113.9:4444',
      'x-forwarded-for': '203.0.113.9',
      'x-real-ip': '203.0.113.9',
    });
    check(forged.status === 429, `got ${forged.status}`);
    return '429 still';
  });

  await probe('CSRF: a foreign Origin, Origin: null, a cross-site fetch and a form-encoded body are refused; our own JSON passes', async () => {
    const session = (await login(colleague)).cookie;
    const post = (headers, body) => api('POST', '/api/auth/logout', { cookie: session, headers, body });
    const refused = [
      [{ origin: 'https://evil.example' }, undefined, 403],
      [{ origin: 'null' }, undefined, 403],
      [{ origin: undefined, 'sec-fetch-site': 'cross-site' }, undefined, 403],
      [{ 'content-type': 'text/plain' }, '{}', 415],
      [{ 'content-type': 'application/x-www-form-urlencoded' }, 'a=b', 415],
    ];
    for (const [headers, body, status] of refused) {
      const res = await post(headers, body);
      check(res.status === status, `${JSON.stringify(headers)} -> ${res.status}, expected ${status}`);
    }
    const me = await api('GET', '/api/auth/me', { cookie: session });
    check(me.status === 200, `the session was ended by a refused request (${me.status})`);
    check((await post({}, undefined)).status === 200, 'our own logout was refused');
    return `${refused.length} refused, the session intact, our own request accepted`;
  });

  await probe('oversized bodies: over 10 MB is 413 on the API and on /__local, never 500', async () => {
    const big = Buffer.alloc(TEN_MB + 1, 0x20);
    for (const path of ['/api/auth/login', '/__local/jobs']) {
      const res = await api('POST', path, { body: big, headers: { 'content-type': 'application/json' } }).catch((error) => ({ status: `error ${error.code}` }));
      check(res.status === 413, `${path} -> ${res.status}`);
    }
    return '413 twice';
  });

  await probe('/__local/* (the outbox with its reset links, the test-mode Pay button): only Host localhost/127.0.0.1, only our own origin', async () => {
    const rebinding = await api('GET', '/__local/mail.json', { headers: { host: `attacker.example:${new URL(base).port}` } });
    check(rebinding.status === 403, `Host attacker.example -> ${rebinding.status}`);
    const crossSite = await api('POST', '/__local/jobs', { body: { type: 'metrics' }, headers: { origin: 'https://evil.example' } });
    check(crossSite.status === 403, `a foreign Origin -> ${crossSite.status}`);
    const opaque = await api('GET', '/__local/mail.json', { headers: { 'sec-fetch-site': 'cross-site' } });
    check(opaque.status === 403, `a cross-site fetch -> ${opaque.status}`);
    return 'rebinding Host, foreign Origin and cross-site fetch refused (403)';
  });

  await probe('role escalation: no field, cookie or session of a user reaches the admin role', async () => {
    const withRole = await api('POST', '/api/auth/register', {
      body: { email: uniqueEmail('role'), password: PASSWORD, ...TERMS, role: 'admin' },
      from: address(),
    });
    check(withRole.status === 400, `sign-up with role -> ${withRole.status}`);
    const session = (await login(colleague)).cookie;
    for (const [method, path] of [
      ['GET', '/api/admin/role-changes'],
      ['GET', '/api/admin/winning-predictions'],
      ['POST', '/api/admin/generate-daily-predictions'],
      ['GET', '/api/admin/messages'],
    ]) {
      const res = await api(method, path, { cookie: session });
      check(res.status === 403, `${method} ${path} as a user -> ${res.status}`);
    }
    const [header, payload] = session.replace(/^sid=/, '').split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${Buffer.from(JSON.stringify({ ...claims, role: 'admin' })).toString('base64url')}.`;
    const tampered = `${header}.${Buffer.from(JSON.stringify({ ...claims, role: 'admin' })).toString('base64url')}.x`;
    for (const cookie of [`sid=${none}`, `sid=${tampered}`]) {
      const res = await api('GET', '/api/admin/role-changes', { cookie });
      check(res.status === 401, `a forged cookie -> ${res.status}`);
    }
    const changed = await api('POST', '/api/auth/change-password', {
      cookie: session,
      body: { currentPassword: PASSWORD, newPassword: 'another long phrase', role: 'admin' },
    });
    check(changed.status === 400, `change-password with role -> ${changed.status}`);
    return 'extra role fields 400, admin routes 403, forged cookies 401';
  });

  await probe(
    'enumeration: login and password reset answer a taken and a free address alike, in about the same time (sign-up tells, by decision 0200: next probe)',
    async () => {
      const timings = { loginKnown: [], loginUnknown: [], resetKnown: [], resetUnknown: [] };
      const same = (a, b, what) =>
        check(a.status === b.status && a.text === b.text && !a.cookie === !b.cookie, `${what}: ${a.status} ${a.text} vs ${b.status} ${b.text}`);
      // Logins take more pairs while they differ; resets stay at SAMPLES, the most reset emails one
      // inbox may get (L2), and the API answers a reset before anything looks the account up.
      for (let i = 0; i < SAMPLES || (!sameTime(timings.loginKnown, timings.loginUnknown) && i < MAX_SAMPLES); i++) {
        const known = await login(target, `not it ${i}`);
        const unknown = await login(uniqueEmail('nobody'), `not it ${i}`);
        same(known, unknown, 'login');
        timings.loginKnown.push(known.ms);
        timings.loginUnknown.push(unknown.ms);
      }
      for (let i = 0; i < SAMPLES; i++) {
        const resetKnown = await api('POST', '/api/auth/password-reset', { body: { email: colleague }, from: address() });
        const resetUnknown = await api('POST', '/api/auth/password-reset', { body: { email: uniqueEmail('nobody') }, from: address() });
        same(resetKnown, resetUnknown, 'password reset');
        timings.resetKnown.push(resetKnown.ms);
        timings.resetUnknown.push(resetUnknown.ms);
      }
      const pairs = [
        ['login', 'loginKnown', 'loginUnknown'],
        ['reset', 'resetKnown', 'resetUnknown'],
      ];
      const report = pairs.map(([what, a, b]) => {
        const [fa, fb] = [fastest(timings[a]), fastest(timings[b])];
        check(sameTime(timings[a], timings[b]), `${what}: fastest of ${timings[a].length} ${fa.toFixed(0)} ms vs ${fb.toFixed(0)} ms`);
        return `${what} ${fa.toFixed(0)}/${fb.toFixed(0)} ms`;
      });
      return `same answers; fastest of ${timings.loginKnown.length} logins and ${SAMPLES} resets (existing/free): ${report.join(', ')}`;
    },
  );

  await probe(
    'sign-up (decision 0200, L3 of the fifth audit): a taken address is a 409 offering login and reset, no cookie; a 4th sign-up for one address waits a day (429)',
    async () => {
      const email = uniqueEmail('taken');
      const statuses = [];
      let taken;
      let fourth;
      for (let i = 0; i < 4; i++) {
        const res = await api('POST', '/api/auth/register', { body: { email, password: PASSWORD, ...TERMS }, from: address() });
        statuses.push(res.status);
        if (i === 1) taken = res;
        if (i === 3) fourth = res;
      }
      check(statuses.join(',') === '201,409,409,429', `statuses ${statuses.join(',')}`);
      check(!taken.cookie && /Log in, or choose a new password/.test(taken.json?.message ?? ''), `the 409: ${taken.text}`);
      // L3: the third sign-up starts a wait of a day, so at most 3 a day reach the inbox (waits of minutes let about 28 through).
      const wait = Number(fourth.headers['retry-after']);
      check(wait >= 23 * 3600, `the 4th sign-up of an address may try again in ${fourth.headers['retry-after']} s, not a day`);
      return `${statuses.join(', ')}; the 409 offers login and reset; the 4th waits ${(wait / 3600).toFixed(1)} h`;
    },
  );

  await probe('M1: logins racing a password reset keep no session: every cookie jar answers /api/auth/me 401 afterwards', async () => {
    const { email } = await signedUp('m1');
    const asked = await api('POST', '/api/auth/password-reset', { body: { email }, from: address() });
    check(asked.status === 202, `reset request -> ${asked.status}`);
    const token = tokenIn(await waitForMail(email, (m) => m.text.includes('/reset-password?token=')), '/reset-password');
    const jars = [];
    let done = false;
    const loop = async () => {
      for (let after = 0; !done || after < 1; after += done ? 1 : 0) {
        const res = await login(email);
        if (res.status === 200) jars.push(res.cookie);
      }
    };
    const loops = [loop(), loop(), loop(), loop()];
    await new Promise((r) => setTimeout(r, 300));
    const reset = await api('POST', '/api/auth/password-reset/confirm', { body: { token, password: 'the owner took it back' }, from: address() });
    check(reset.status === 200, `reset -> ${reset.status} ${reset.text}`);
    done = true;
    await Promise.all(loops);
    await new Promise((r) => setTimeout(r, 1000));
    const alive = [];
    for (const cookie of jars) if ((await api('GET', '/api/auth/me', { cookie })).status !== 401) alive.push(cookie);
    check(jars.length > 0, 'no login got through before the reset: nothing was raced');
    check(alive.length === 0, `${alive.length} of ${jars.length} sessions survived the reset`);
    return `${jars.length} sessions from 4 login loops, 0 alive after the reset`;
  });

  await probe("M1 (fifth audit): an unconfirmed sign-up with someone's address cannot exclude or rest it; the owner's reset and login work", async () => {
    const { email, cookie } = await signedUp('m1-victim');
    const out = await api('POST', '/api/account/self-exclusion', { cookie, body: { password: PASSWORD, confirm: true } });
    check(
      out.status === 403 && /Confirm your email address first/.test(out.json?.message ?? ''),
      `self-exclusion by the intruder -> ${out.status} ${out.text}`,
    );
    const rest = await api('POST', '/api/account/break', { cookie, body: { duration: '30d' } });
    check(rest.status === 403, `a break by the intruder -> ${rest.status} ${rest.text}`);
    const owner = await api('POST', '/api/auth/register', { body: { email, password: PASSWORD, ...TERMS }, from: address() });
    check(owner.status === 409, `the owner's sign-up -> ${owner.status}`);
    check((await api('POST', '/api/auth/password-reset', { body: { email }, from: address() })).status === 202, 'the reset request was refused');
    const token = tokenIn(await waitForMail(email, (m) => m.text.includes('/reset-password?token=')), '/reset-password');
    const reset = await api('POST', '/api/auth/password-reset/confirm', { body: { token, password: 'the owner took it back' }, from: address() });
    check(reset.status === 200, `the owner's reset -> ${reset.status}`);
    const signIn = await login(email, 'the owner took it back');
    check(signIn.status === 200, `the owner's login -> ${signIn.status} ${signIn.text}`);
    return 'exclusion and break by the unconfirmed intruder: 403; the owner: 409, reset 200, login 200';
  });

  await probe('M3: a checkout opened before a self-exclusion (or a break) cannot be paid after it: 409, no subscription', async () => {
    // Breaks and exclusions need a confirmed address (decision 0280).
    const excluded = await confirmed('m3');
    const path = await localCheckout(excluded.cookie);
    if (!path) return 'skipped: Stripe keys are set (the Stripe adapter expires the open sessions; its contract tests cover it)';
    const out = await api('POST', '/api/account/self-exclusion', { cookie: excluded.cookie, body: { password: PASSWORD, confirm: true } });
    check(out.status === 200, `self-exclusion -> ${out.status} ${out.text}`);
    const paid = await pay(path);
    check(paid.status === 409 && /nothing was charged/.test(paid.text), `pay after the exclusion -> ${paid.status}`);
    const resting = await confirmed('m3-break');
    const before = await localCheckout(resting.cookie);
    check((await api('POST', '/api/account/break', { cookie: resting.cookie, body: { duration: '24h' } })).status === 200, 'the break was refused');
    check((await pay(before)).status === 409, 'a checkout from before the break was paid');
    // A break leaves the session alive, so the refusal of a new checkout (0282) shows here: 409, no session made.
    const during = await api('POST', '/api/stripe/create-checkout-session', { cookie: resting.cookie });
    check(during.status === 409 && /taking a break/.test(during.json?.message ?? ''), `a new checkout during the break -> ${during.status} ${during.text}`);
    const me = await api('GET', '/api/auth/me', { cookie: resting.cookie });
    check(me.json?.user?.subscriptionStatus === 'free', `after the break: ${me.text}`);
    return 'pay after self-exclusion and after a break: 409, nothing charged; a new checkout during the break: 409';
  });

  await probe("L1: guesses at 22 made-up addresses x 5 from one address do not lock a real user's right password there", async () => {
    const { email } = await signedUp('l1');
    const office = address();
    let refused = 0;
    // The 22 addresses guessed at in parallel, each 5 times in a row (the stack hashes them on its worker threads).
    await Promise.all(
      Array.from({ length: 22 }, async (_, a) => {
        const ghost = uniqueEmail(`ghost${a}`);
        for (let g = 0; g < 5; g++) if ((await login(ghost, `guess ${g}`, office)).status === 429) refused += 1;
      }),
    );
    const owner = await login(email, PASSWORD, office);
    check(owner.status === 200, `the owner behind the same address got ${owner.status}`);
    return `110 guesses (${refused} refused), the owner signed in`;
  });

  await probe('M2 (fifth audit): with either login budget of one network spent, a known and an unknown address get one answer in the same time', async () => {
    /** Logins of a known and an unknown address from `office`, in pairs (as sameTime asks): same answers, the same time. */
    const compare = async (office, known, what) => {
      const times = { known: [], unknown: [] };
      let answer;
      for (let i = 0; i < SAMPLES || (!sameTime(times.known, times.unknown) && i < MAX_SAMPLES); i++) {
        const a = await login(known, `m2 guess ${i}`, office);
        const b = await login(uniqueEmail('m2-nobody'), `m2 guess ${i}`, office);
        check(a.status === b.status && a.text === b.text && !a.cookie === !b.cookie, `${what}: known ${a.status} ${a.text} vs unknown ${b.status} ${b.text}`);
        times.known.push(a.ms);
        times.unknown.push(b.ms);
        answer = a.status;
      }
      const [fk, fu] = [fastest(times.known), fastest(times.unknown)];
      check(sameTime(times.known, times.unknown), `${what}: fastest of ${times.known.length} ${fk.toFixed(0)} ms (known) vs ${fu.toFixed(0)} ms (unknown)`);
      return `${what}: both ${answer}, ${fk.toFixed(0)}/${fu.toFixed(0)} ms`;
    };
    // 1. Misses on made-up addresses (about 100, in rounds of 22 x 5) spend the unknown-address budget of one network.
    const office = address();
    const { email: known } = await signedUp('m2-known');
    let misses = 0;
    let spentUnknown;
    do {
      await Promise.all(
        Array.from({ length: 22 }, async (_, a) => {
          const ghost = uniqueEmail(`m2-ghost${a}`);
          for (let g = 0; g < 5; g++) await login(ghost, `guess ${g}`, office);
        }),
      );
      misses += 110;
      spentUnknown = await login(uniqueEmail('m2-probe'), 'guess', office);
    } while (spentUnknown.status !== 429 && misses < 330);
    check(spentUnknown.status === 429, `after ${misses} misses on made-up addresses an unknown address got ${spentUnknown.status}: the budget was not spent`);
    const first = await compare(office, known, 'unknown budget spent');
    // 2. 5 failures at each of 24 real accounts spend the known-accounts budget of another network (100, with room for its drain).
    const office2 = address();
    const staff = [];
    for (let i = 0; i < 24; i++) staff.push((await signedUp(`m2-staff${i}`)).email);
    await Promise.all(
      staff.map(async (email) => {
        for (let g = 0; g < 5; g++) await login(email, `wrong ${g}`, office2);
      }),
    );
    const { email: fresh } = await signedUp('m2-fresh');
    const spentKnown = await login(fresh, 'wrong', office2);
    check(spentKnown.status === 429, `after 120 failures at real accounts a real one got ${spentKnown.status}: the budget was not spent`);
    const second = await compare(office2, fresh, 'known budget spent');
    return `${first}; ${second}`;
  });

  await probe('L2: reset mail bombing: 20 requests from 4 addresses put at most 3 reset emails into one inbox', async () => {
    const { email } = await signedUp('l2');
    const statuses = [];
    const networks = [address(), address(), address(), address()];
    for (let i = 0; i < 20; i++) statuses.push((await api('POST', '/api/auth/password-reset', { body: { email }, from: networks[i % 4] })).status);
    await new Promise((r) => setTimeout(r, 2000));
    const mails = (await outbox()).filter((m) => m.to === email && m.text.includes('/reset-password?token='));
    check(mails.length <= 3, `${mails.length} reset emails reached the inbox`);
    check(statuses.filter((s) => s === 202).length === 3, `statuses ${statuses.join(',')}`);
    return `${mails.length} emails; statuses ${statuses.filter((s) => s === 202).length} x 202, ${statuses.filter((s) => s === 429).length} x 429`;
  });

  await probe('L1 (fifth audit): checkouts asked for while the self-exclusion lands: none can be paid afterwards', async () => {
    let issued = 0;
    let refused = 0;
    for (let round = 0; round < 3; round++) {
      const { cookie } = await confirmed(`l1-race${round}`);
      if (!(await localCheckout(cookie))) return 'skipped: Stripe keys are set (the Stripe adapter expires the open sessions; its contract tests cover it)';
      let done = false;
      const exclusion = api('POST', '/api/account/self-exclusion', { cookie, body: { password: PASSWORD, confirm: true } }).finally(() => (done = true));
      // Eight streams of checkout requests over the whole exclusion call: some resolve their session before it lands and read the user after.
      const paths = new Set();
      const stream = Promise.all(
        Array.from({ length: 8 }, async () => {
          while (!done) {
            const res = await api('POST', '/api/stripe/create-checkout-session', { cookie });
            if (res.status === 200) paths.add(new URL(res.json.url).pathname);
            else refused += 1;
          }
        }),
      );
      const out = await exclusion;
      await stream;
      check(out.status === 200, `self-exclusion -> ${out.status} ${out.text}`);
      for (const path of paths) {
        issued += 1;
        const paid = await pay(path);
        check(paid.status === 409, `a checkout issued around the exclusion was paid (${paid.status})`);
      }
    }
    return `3 exclusions raced by checkout streams: ${issued} sessions issued, none payable (409); ${refused} requests refused`;
  });

  await probe('L2 (fifth audit): during a break neither resuming a subscription nor a new portal session is allowed (409)', async () => {
    const { cookie } = await confirmed('l2-break');
    const path = await localCheckout(cookie);
    if (!path) return 'skipped: Stripe keys are set (a subscription is needed)';
    check((await pay(path)).status === 303, 'the test-mode payment failed');
    check((await api('POST', '/api/stripe/cancel-subscription', { cookie })).status === 200, 'the cancellation failed');
    check((await api('POST', '/api/account/break', { cookie, body: { duration: '24h' } })).status === 200, 'the break was refused');
    const resumed = await api('POST', '/api/stripe/resume-subscription', { cookie });
    check(resumed.status === 409, `resume during a break -> ${resumed.status} ${resumed.text}`);
    const portal = await api('POST', '/api/stripe/portal-session', { cookie });
    check(portal.status === 409, `a portal session during a break -> ${portal.status} ${portal.text}`);
    return 'resume and portal during a break: 409';
  });

  await probe('L3: five concurrent Pays of one test-mode checkout make one subscription', async () => {
    const buyer = await signedUp('l3');
    const path = await localCheckout(buyer.cookie);
    if (!path) return 'skipped: Stripe keys are set (Stripe completes a session once)';
    const pays = await Promise.all(Array.from({ length: 5 }, () => pay(path)));
    check(
      pays.every((p) => p.status === 303),
      `pays -> ${pays.map((p) => p.status).join(',')}`,
    );
    const billing = await api('GET', '/api/account/billing', { cookie: buyer.cookie });
    check(billing.status === 200 && billing.json.invoices.length === 1, `invoices after five Pays: ${billing.json?.invoices?.length} (${billing.status})`);
    return 'five Pays, one subscription, one invoice';
  });

  await probe(
    'L4: a body-less POST from our own origin passes (as the product sends logout); with no origin, a foreign one or the Vite dev origin: 403',
    async () => {
      const session = (await login(colleague)).cookie;
      const logout = (headers) => api('POST', '/api/auth/logout', { cookie: session, headers });
      const bare = await logout({ origin: undefined });
      check(bare.status === 403, `an empty POST with no origin and no header -> ${bare.status}`);
      const vite = await logout({ origin: 'http://localhost:5173' });
      check(vite.status === 403, `Origin http://localhost:5173 -> ${vite.status}`);
      const foreign = await logout({ origin: 'https://evil.example' });
      check(foreign.status === 403, `a foreign Origin -> ${foreign.status}`);
      check((await api('GET', '/api/auth/me', { cookie: session })).status === 200, 'a refused request ended the session');
      const ours = await logout({});
      check(ours.status === 200, `an empty POST from our own origin -> ${ours.status} ${ours.text}`);
      check((await api('GET', '/api/auth/me', { cookie: session })).status === 401, 'our own logout did not end the session');
      return 'no origin, Origin localhost:5173, a foreign Origin: 403; our own body-less logout: 200';
    },
  );

  await probe("L5: the data folder is the user's alone (0700), every file in it 0600", async () => {
    if (!dataDir || !existsSync(dataDir)) return 'skipped: no DATA_DIR folder';
    const loose = [];
    const walk = (dir) => {
      if ((statSync(dir).mode & 0o077) !== 0) loose.push(`${dir} ${(statSync(dir).mode & 0o777).toString(8)}`);
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (entry.isFile() && (statSync(path).mode & 0o077) !== 0) loose.push(`${path} ${(statSync(path).mode & 0o777).toString(8)}`);
      }
    };
    walk(dataDir);
    check(loose.length === 0, `readable by others: ${loose.slice(0, 5).join(', ')}`);
    return `${dataDir}: nothing readable by other users (the outbox and the test-mode checkout stay open to loopback callers: docs/security.md)`;
  });

  await probe('L6: the ledger CSV holds no cell a spreadsheet would run as a formula', async () => {
    const buyer = await signedUp('l6');
    const path = await localCheckout(buyer.cookie);
    if (!path) return 'skipped: Stripe keys are set (a premium account is needed for the export)';
    check((await pay(path)).status === 303, 'the test-mode payment failed');
    const csv = await api('GET', '/api/ledger?format=csv&period=all', { cookie: buyer.cookie });
    check(csv.status === 200 && /text\/csv/.test(csv.headers['content-type'] ?? ''), `export -> ${csv.status}`);
    const cells = csv.text
      .split('\n')
      .flatMap((line) => line.split(','))
      .map((cell) => cell.replace(/^"/, ''));
    const formulas = cells.filter((cell) => /^[=+@\t\r]/.test(cell) || (/^-/.test(cell) && !/^-\d/.test(cell)));
    check(formulas.length === 0, `cells a spreadsheet would run: ${formulas.slice(0, 3).join(' | ')}`);
    return `${cells.length} cells, none a formula (the escaping itself: digest.test.ts)`;
  });

  await probe('contact form: mails no address typed into it (M4)', async () => {
    const victim = uniqueEmail('victim');
    const res = await api('POST', '/api/contact', {
      body: { name: 'Spammer', email: victim, subject: 'You won', message: 'Click http://phish.example' },
      from: address(),
    });
    check(res.status === 202, `contact -> ${res.status}`);
    await new Promise((r) => setTimeout(r, 1500));
    check(!(await outbox()).some((m) => m.to === victim), 'the typed address got an email');
    return 'nothing sent to the typed address';
  });

  await probe('password reset: the one password policy, and the link survives a refused password (M3)', async () => {
    const email = await account('reset');
    const asked = await api('POST', '/api/auth/password-reset', { body: { email }, from: address() });
    check(asked.status === 202, `reset request -> ${asked.status}`);
    const token = tokenIn(await waitForMail(email, (m) => m.text.includes('/reset-password?token=')), '/reset-password');
    for (const password of ['Password1', PASSWORD]) {
      const res = await api('POST', '/api/auth/password-reset/confirm', { body: { token, password }, from: address() });
      check(res.status === 400, `reset to '${password}' -> ${res.status}`);
    }
    const ok = await api('POST', '/api/auth/password-reset/confirm', { body: { token, password: 'a new and uncommon phrase' }, from: address() });
    check(ok.status === 200, `a good password -> ${ok.status}`);
    return 'common and current passwords refused, then the same link worked';
  });

  await probe('the local database listens on 127.0.0.1 only (M1)', async () => {
    const marker = dataDir && join(dataDir, 'local-stack.json');
    if (!marker || !existsSync(marker)) return 'skipped: no local-stack.json in DATA_DIR (start the stack with npm start)';
    const { dynamodbEndpoint } = JSON.parse(readFileSync(marker, 'utf8'));
    const port = Number(new URL(dynamodbEndpoint).port);
    const open = (host) =>
      new Promise((r) => {
        const s = connect({ host, port, timeout: 2000 });
        s.once('connect', () => (s.destroy(), r(true)));
        s.once('error', () => r(false));
        s.once('timeout', () => (s.destroy(), r(false)));
      });
    check(await open('127.0.0.1'), 'not reachable on 127.0.0.1 either: is the stack running?');
    if (manyAddresses) check(!(await open('127.0.0.2')), `DynamoDB Local answers on 127.0.0.2:${port}: it listens on every interface`);
    return `port ${port}: 127.0.0.1 only`;
  });

  return results;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const at = args.indexOf('--url');
  const base = (at >= 0 ? args[at + 1] : `http://localhost:${process.env.PORT ?? 3000}`).replace(/\/+$/, '');
  if (!/^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?$/.test(base)) {
    console.error('usage: npm run audit:security [-- --url http://localhost:3000]   (a local stack: it reads /__local/mail.json)');
    process.exit(2);
  }
  const dataDir = resolve(fileURLToPath(new URL('..', import.meta.url)), process.env.DATA_DIR ?? '.data');
  const onlyAt = args.indexOf('--only');
  const only = onlyAt >= 0 ? args[onlyAt + 1] : undefined;
  console.log(`Security audit of ${base} (throwaway accounts @audit.invalid)`);
  const started = performance.now();
  const results = await runAudit(base, { dataDir, only, log: (line) => console.log(line) }).catch((error) => {
    console.error(`The audit could not run: ${error.message}. Is the stack running (npm start)?`);
    process.exit(2);
  });
  const failed = results.filter((r) => !r.ok);
  console.log(`\n${results.length - failed.length}/${results.length} probes passed in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  process.exit(failed.length ? 1 : 0);
}
