/**
 * The web build's files the page function answers with (the prerendered match, league and team
 * pages), bundled beside its code at deploy by infra/lib/bundling.ts: the function reads them from
 * its own package, never back through CloudFront (docs/decisions/0341-the-page-function-asks-one-question.md).
 */
import { PRERENDERED_ROUTE_PAGES } from '@app/contracts/site';

/** The handler that answers the pages about one match, team or league. */
export const PAGE_FUNCTION = 'http/site/page';
/** Its files, as web/dist paths (`/match.html`, ...). */
export const PAGE_FILES: readonly string[] = Object.values(PRERENDERED_ROUTE_PAGES);
/** The folder beside the bundle they are copied to (`match.html`, ... in `pages/`). */
export const PAGE_FILES_DIR = 'pages';
