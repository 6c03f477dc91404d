import { describe, expect, it } from 'vitest';
import { htmlForRoute, isSiteRoute, PRERENDERED_ROUTE_PAGES, SITE_ROUTES } from './site.ts';

describe('the site routes', () => {
  it('match every page, any one segment for a parameter, any letter case and a trailing slash, as the client router does', () => {
    for (const pattern of Object.values(SITE_ROUTES)) expect(isSiteRoute(pattern.replace(':fixtureId', 'fx-2026-03-14')), pattern).toBe(true);
    for (const path of ['/predictions/', '/Predictions', '/ADMIN/ODDS', '/predictions/abc%20def']) expect(isSiteRoute(path), path).toBe(true);
  });

  it('match nothing else: those paths answer 404', () => {
    for (const path of ['/no-such-page', '/admin', '/predictions/a/b', '/signup/more', '/constructor', '/__proto__', '/predictions//', '//predictions', '/api'])
      expect(isSiteRoute(path), path).toBe(false);
  });

  it('serve the prerendered page of /, /predictions, /results and /leagues, the app shell elsewhere', () => {
    expect([htmlForRoute('/'), htmlForRoute('/predictions'), htmlForRoute('/results'), htmlForRoute('/leagues'), htmlForRoute('/pricing')]).toEqual([
      '/index.html',
      '/predictions.html',
      '/results.html',
      '/leagues.html',
      '/app.html',
    ]);
  });

  it('serve one prerendered page for every match, every league and every team, as the router matches their paths', () => {
    for (const path of ['/predictions/fx-2026-03-14', '/predictions/demo%20x/', '/PREDICTIONS/f1']) expect(htmlForRoute(path), path).toBe('/match.html');
    for (const path of ['/leagues/NSP', '/leagues/nsp/', '/LEAGUES/E0', '/leagues/a%20b']) expect(htmlForRoute(path), path).toBe('/league.html');
    for (const path of ['/teams/larkspur-town', '/teams/x/', '/Teams/Kestrel-Bay']) expect(htmlForRoute(path), path).toBe('/team.html');
    for (const path of ['/teams/a/b', '/leagues/', '/teams', '/predictions/a/b', '/leagues', '/predictions/'])
      expect(htmlForRoute(path), path).not.toMatch(/^\/(match|league|team)\.html$/);
    expect(Object.keys(PRERENDERED_ROUTE_PAGES).every((pattern) => Object.values(SITE_ROUTES).includes(pattern as never))).toBe(true);
  });
});
