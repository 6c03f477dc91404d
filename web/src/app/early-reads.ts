import { matchApiPath } from '@/features/matches/api/match-path';
import { startEarlyRequest } from '@/lib/early-requests';

/**
 * `paths.match` (config/paths.ts) as a pattern, written out: the entry script stays free of the
 * route table (early-reads.test.ts checks the two agree).
 */
const matchPage = /^\/predictions\/([^/]+)\/?$/;

/**
 * Starts what the match page needs before it can show anything, while the app's code loads: the
 * route's own code, which the router would only ask for once the app has started, and the API
 * read, which the route would start after that. The page is not prerendered (its content is the
 * data), so every step it waits for in turn adds to when it appears. The read is started only for
 * an API on the page's origin (no VITE_APP_API_URL, as CloudFront and the local server serve it);
 * otherwise the app reads as usual.
 */
export function startEarlyReads(pathname: string): void {
  const [, fixtureId] = matchPage.exec(pathname) ?? [];
  if (!fixtureId) return;
  // A failed load is the router's to report when it imports the same module.
  import('@/app/routes/match').catch(() => undefined);
  if (import.meta.env.VITE_APP_API_URL) return;
  try {
    startEarlyRequest(matchApiPath(decodeURIComponent(fixtureId)));
  } catch {
    // A malformed escape in the URL: the page shows its error without an early read.
  }
}
