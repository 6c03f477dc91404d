import { matchApiPath } from '@/features/matches/api/match-path';
import { startEarlyRequest } from '@/lib/early-requests';

/** The session read (`GET /api/auth/me`), which every page makes as it starts (lib/auth.tsx). */
const SESSION_READ = '/api/auth/me';

/**
 * The pages whose data is worth starting with the app's code, as patterns written out (the entry
 * script stays free of the route table; early-reads.test.ts checks them against `paths`): each
 * with its route's code and the API reads it waits for before it can show anything (an id, when
 * the pattern captures one, is the page's).
 */
const PAGES: readonly (readonly [RegExp, (() => Promise<unknown>) | null, (id: string) => string[]])[] = [
  // The landing page's live performance and top predictions; /predictions' matches and performance.
  [/^\/$/, null, () => ['/api/predictions', '/api/metrics/latest']],
  [/^\/predictions\/?$/, null, () => ['/api/predictions', '/api/metrics/latest']],
  [/^\/predictions\/([^/]+)\/?$/, () => import('@/app/routes/match'), (id) => [matchApiPath(id)]],
  // Their data only: an early import of their code would regroup the shared chunks of the
  // landing page's budgeted first load (measured: +1.5 KB).
  [/^\/teams\/([^/]+)\/?$/, null, (slug) => [`/api/teams/${encodeURIComponent(slug)}`]],
  [/^\/leagues\/([^/]+)\/?$/, null, (id) => [`/api/simulations/${encodeURIComponent(id)}`, `/api/simulations/${encodeURIComponent(id)}/history`]],
];

/**
 * Starts what a page needs before it can show anything, while the app's code loads: the session
 * read on every page and the page's API reads, which the app would start only once its code has
 * loaded. Every step a page waits for in turn adds to when it appears, and a read started here is
 * one request less in the busy moments the app starts in. The reads are started only for an API on
 * the page's origin (no VITE_APP_API_URL, as CloudFront and the local server serve it); otherwise
 * the app reads as usual.
 */
export function startEarlyReads(pathname: string): void {
  if (import.meta.env.VITE_APP_API_URL) return;
  startEarlyRequest(SESSION_READ);
  const page = pageOf(pathname);
  if (!page) return;
  try {
    for (const url of page.reads(decodeURIComponent(page.id))) startEarlyRequest(url);
  } catch {
    // A malformed escape in the URL: the page shows its error without an early read.
  }
}

/**
 * Starts loading the page's own code (the match page's) beside the app's, which the router would
 * only ask for once the app has started. Called when the app's code is asked for, after the first
 * paint: the files a page asks for before its first paint are ones a phone waits for before it
 * shows the prerendered HTML.
 */
export function startEarlyPageCode(pathname: string): void {
  // A failed load is the router's to report when it imports the same module.
  const code = pageOf(pathname)?.code;
  code?.().catch(() => undefined);
}

function pageOf(pathname: string) {
  for (const [pattern, code, reads] of PAGES) {
    const match = pattern.exec(pathname);
    if (match) return { code, reads, id: match[1] ?? '' };
  }
  return undefined;
}
