/** The composition root: the pages about one match, team or league, answered with their real status. */
import { logger } from '@app/platform/logger';
import { once, type Base, type PageHtmlSource } from './base.ts';

/** How long a page file is kept: a deploy replaces it (its hashed scripts stay, so a stale copy still works). */
const PAGE_TTL_MS = 60_000;

/** A page file's HTML (`/app.html`, `/team.html`, ...: the current build's), or undefined when it cannot be had. */
export function buildPageHtml(base: Base): PageHtmlSource {
  return base.pageHtml ?? ((file) => fetchPageHtml(base, file));
}

/**
 * A page file as the site serves it (header, the page's first paint, footer and the hashed scripts
 * of the current web build), fetched from the site's own origin (APP_ORIGIN) and kept for a
 * minute. Undefined when the site does not answer.
 */
async function fetchPageHtml(base: Base, file: string): Promise<string | undefined> {
  const { config, clock } = base;
  // Kept per base, as every other thing the composition builds (each base has its own origin and clock).
  const kept = once(base, fetchPageHtml, () => new Map<string, { html: string; fetchedAt: number }>());
  const now = clock.now().getTime();
  const page = kept.get(file);
  if (page && now - page.fetchedAt < PAGE_TTL_MS) return page.html;
  try {
    const response = await fetch(new URL(file, config.APP_ORIGIN), { signal: AbortSignal.timeout(3_000) });
    if (!response.ok) throw new Error(`${file} answered ${response.status}`);
    kept.set(file, { html: await response.text(), fetchedAt: now });
  } catch (error) {
    logger.warn('A page file could not be fetched from the site', { file, error: String(error) });
  }
  return kept.get(file)?.html;
}
