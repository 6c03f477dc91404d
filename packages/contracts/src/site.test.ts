import { describe, expect, it } from 'vitest';
import { htmlForRoute, isSiteRoute, SITE_ROUTES } from './site.ts';

describe('the site routes', () => {
  it('match every page, any one segment for a parameter, any letter case and a trailing slash, as the client router does', () => {
    for (const pattern of Object.values(SITE_ROUTES)) expect(isSiteRoute(pattern.replace(':fixtureId', 'fx-2026-03-14')), pattern).toBe(true);
    for (const path of ['/predictions/', '/Predictions', '/ADMIN/ODDS', '/predictions/abc%20def']) expect(isSiteRoute(path), path).toBe(true);
  });

  it('match nothing else: those paths answer 404', () => {
    for (const path of ['/no-such-page', '/admin', '/predictions/a/b', '/signup/more', '/constructor', '/__proto__', '/predictions//', '//predictions', '/api'])
      expect(isSiteRoute(path), path).toBe(false);
  });

  it('serve the prerendered page of / and /predictions, the app shell elsewhere', () => {
    expect([htmlForRoute('/'), htmlForRoute('/predictions'), htmlForRoute('/results'), htmlForRoute('/pricing')]).toEqual([
      '/index.html',
      '/predictions.html',
      '/results.html',
      '/app.html',
    ]);
  });
});
