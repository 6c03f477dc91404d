/**
 * The canary's script, run as CloudWatch Synthetics would run it, against a site served here on
 * loopback. The Synthetics runtime (its `Synthetics` module and Puppeteer's browser) exists only
 * in AWS: a stand-in module runs each step and gives a page whose `goto` fetches and whose
 * `waitForFunction` reads the fetched document's title (it runs no JavaScript).
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANARY_PAGE, CANARY_SOURCE } from '../lib/constructs/canary.ts';

const SYNTHETICS_STAND_IN = `
let html = '';
exports.executeStep = async (name, step) => step();
exports.getPage = async () => ({
  goto: async (url) => {
    const response = await fetch(url);
    html = await response.text();
    return { status: () => response.status };
  },
  waitForFunction: async (fn, options, arg) => {
    const title = /<title>([^<]*)<\\/title>/.exec(html)?.[1] ?? '';
    globalThis.document = { title };
    try {
      if (!fn(arg)) throw new Error('TimeoutError: waiting for function failed: ' + options.timeout + 'ms exceeded');
    } finally {
      delete globalThis.document;
    }
  },
});
`;

/** What the site answers: healthy unless told otherwise. */
const site = { health: 200, table: 'reachable', page: 200, title: `${CANARY_PAGE.title} | Football` };
let server: Server;
let handler: () => Promise<void>;

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'fp-canary-'));
  for (const [name, source] of [
    ['Synthetics', SYNTHETICS_STAND_IN],
    ['SyntheticsLogger', 'exports.info = () => {};'],
  ] as const) {
    mkdirSync(join(dir, 'node_modules', name), { recursive: true });
    writeFileSync(join(dir, 'node_modules', name, 'index.js'), source);
  }
  writeFileSync(join(dir, 'index.cjs'), CANARY_SOURCE);
  handler = (createRequire(join(dir, 'index.cjs'))('./index.cjs') as { handler: () => Promise<void> }).handler;
  server = createServer((req, res) => {
    if (req.url === '/api/health') {
      res
        .writeHead(site.health, { 'content-type': 'application/json' })
        .end(JSON.stringify({ status: site.health === 200 ? 'ok' : 'unavailable', table: site.table }));
    } else if (req.url === CANARY_PAGE.path) {
      res.writeHead(site.page, { 'content-type': 'text/html' }).end(`<!doctype html><title>${site.title}</title><div id="root"></div>`);
    } else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.env.SITE_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.close();
  delete process.env.SITE_URL;
});

describe('the canary script', () => {
  it('passes on a healthy site', async () => {
    await expect(handler()).resolves.toBeUndefined();
  });

  it('fails when the health probe does not answer 200 with the table reachable', async () => {
    Object.assign(site, { health: 503 });
    await expect(handler()).rejects.toThrow(/GET \/api\/health answered 503/);
    Object.assign(site, { health: 200, table: 'unreachable' });
    await expect(handler()).rejects.toThrow(/answered 200 .*unreachable/);
    Object.assign(site, { table: 'reachable' });
  });

  it('fails when the page does not load or does not render its title', async () => {
    Object.assign(site, { page: 500 });
    await expect(handler()).rejects.toThrow(`GET ${CANARY_PAGE.path} answered 500`);
    Object.assign(site, { page: 200, title: 'Something went wrong' });
    await expect(handler()).rejects.toThrow(/waiting for function failed/);
    Object.assign(site, { title: `${CANARY_PAGE.title} | Football` });
  });
});
