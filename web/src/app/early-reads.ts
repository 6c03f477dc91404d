import { matchApiPath } from '@/features/matches/api/match-path';
import { startEarlyRequest } from '@/lib/early-requests';

/**
 * The pages about one thing, as patterns written out (the entry script stays free of the route
 * table; early-reads.test.ts checks them against `paths`): each with its route's code and the API
 * reads it waits for before it can show anything.
 */
const PAGES: readonly (readonly [RegExp, (() => Promise<unknown>) | null, (id: string) => string[]])[] = [
  [/^\/predictions\/([^/]+)\/?$/, () => import('@/app/routes/match'), (id) => [matchApiPath(id)]],
  // Their data only: an early import of their code would regroup the shared chunks of the
  // landing page's budgeted first load (measured: +1.5 KB).
  [/^\/teams\/([^/]+)\/?$/, null, (slug) => [`/api/teams/${encodeURIComponent(slug)}`]],
  [/^\/leagues\/([^/]+)\/?$/, null, (id) => [`/api/simulations/${encodeURIComponent(id)}`, `/api/simulations/${encodeURIComponent(id)}/history`]],
];

/**
 * Starts what a match, team or league page needs before it can show anything, while the app's code
 * loads: the API reads, which the route would start once its code has loaded, and (for the match
 * page) the route's own code, which the router would only ask for once the app has started. These pages are not prerendered (their
 * content is the data), so every step they wait for in turn adds to when they appear. The reads
 * are started only for an API on the page's origin (no VITE_APP_API_URL, as CloudFront and the
 * local server serve it); otherwise the app reads as usual.
 */
export function startEarlyReads(pathname: string): void {
  for (const [pattern, route, reads] of PAGES) {
    const [, id] = pattern.exec(pathname) ?? [];
    if (!id) continue;
    // A failed load is the router's to report when it imports the same module.
    route?.().catch(() => undefined);
    if (import.meta.env.VITE_APP_API_URL) return;
    try {
      for (const url of reads(decodeURIComponent(id))) startEarlyRequest(url);
    } catch {
      // A malformed escape in the URL: the page shows its error without an early read.
    }
    return;
  }
}
