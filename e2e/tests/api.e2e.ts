import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { baseUrl } from '../support/browser.ts';

describe('the local stack over HTTP', () => {
  it('reports health once the table is reachable', async () => {
    const res = await fetch(`${baseUrl()}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok', table: 'reachable' });
  });

  it('lists predictions as a JSON array', async () => {
    const res = await fetch(`${baseUrl()}/api/predictions`);
    expect(res.status).toBe(200);
    expect(Array.isArray(await res.json())).toBe(true);
  });

  it('answers an unknown API route with a 404 JSON body', async () => {
    const res = await fetch(`${baseUrl()}/api/nope`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(await res.json()).toMatchObject({ error: 'not_found' });
  });

  it('serves the SPA for a client route, and answers a path that is no page with a real 404 and the app shell', async () => {
    const page = await fetch(`${baseUrl()}/responsible-gambling`);
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/<div id="root">/);
    // What `curl -o /dev/null -w '%{http_code}' localhost:3000/no-such-page` prints: 404, not a soft 200.
    for (const path of ['/no-such-page', '/some/page']) {
      const missing = await fetch(`${baseUrl()}${path}`);
      expect(missing.status, path).toBe(404);
      expect(missing.headers.get('content-type'), path).toBe('text/html; charset=utf-8');
      expect(await missing.text(), path).toMatch(/<div id="root">/);
    }
  });

  it('passes the post-deploy smoke test (npm run smoke), the same script a deployed stage runs', async () => {
    const script = join(import.meta.dirname, '..', '..', 'scripts', 'smoke.mjs');
    const { stdout } = await promisify(execFile)(process.execPath, [script, '--url', baseUrl()]);
    expect(stdout).toMatch(/^\d+ passed, 0 failed/m);
    expect(stdout).not.toMatch(/^FAIL/m);
  });
});
