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

  it('serves the SPA for a client route, and the not-found page with 404 for any other path', async () => {
    const res = await fetch(`${baseUrl()}/account`);
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(/<div id="root">/);
    const missing = await fetch(`${baseUrl()}/some/page`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toMatch(/<div id="root">/);
  });

  it('passes the post-deploy smoke test (npm run smoke), the same script a deployed stage runs', async () => {
    const script = join(import.meta.dirname, '..', '..', 'scripts', 'smoke.mjs');
    const { stdout } = await promisify(execFile)(process.execPath, [script, '--url', baseUrl()]);
    expect(stdout).toMatch(/^\d+ passed, 0 failed/m);
    expect(stdout).not.toMatch(/^FAIL/m);
  });
});
