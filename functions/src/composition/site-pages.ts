/** The composition root: the pages about one match, team or league, answered with their real status. */
import { APP_SHELL } from '@app/contracts/site';
import { logger } from '@app/platform/logger';
import { once, type AppShellSource, type Base } from './base.ts';

/** How long the app shell is kept: a deploy replaces it (its hashed scripts stay, so a stale copy still works). */
const SHELL_TTL_MS = 60_000;

/** The app shell's HTML (header, page loader, footer and the current build's scripts), or undefined when it cannot be had. */
export function buildAppShell(base: Base): AppShellSource {
  return base.appShell ?? (() => fetchAppShell(base));
}

/**
 * The app shell's HTML as the site serves it (`/app.html`: header, page loader, footer and the
 * hashed scripts of the current web build), fetched from the site's own origin (APP_ORIGIN) and
 * kept for a minute. Undefined when the site does not answer.
 */
async function fetchAppShell(base: Base): Promise<string | undefined> {
  const { config, clock } = base;
  // Kept per base, as every other thing the composition builds (each base has its own origin and clock).
  const kept = once(base, fetchAppShell, (): { shell?: { html: string; fetchedAt: number } } => ({}));
  const now = clock.now().getTime();
  if (kept.shell && now - kept.shell.fetchedAt < SHELL_TTL_MS) return kept.shell.html;
  try {
    const response = await fetch(new URL(APP_SHELL, config.APP_ORIGIN), { signal: AbortSignal.timeout(3_000) });
    if (!response.ok) throw new Error(`${APP_SHELL} answered ${response.status}`);
    kept.shell = { html: await response.text(), fetchedAt: now };
  } catch (error) {
    logger.warn('The app shell could not be fetched from the site', { error: String(error) });
  }
  return kept.shell?.html;
}
