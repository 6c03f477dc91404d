/** The composition root: the pages about one match, team or league, answered with their real status. */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DynamoPageSubjectRepository } from '@app/adapters/dynamodb/page-subject-repository';
import { logger } from '@app/platform/logger';
import { PAGE_FILES_DIR } from '../http/site/page-files.ts';
import type { Base, PageHtmlSource } from './base.ts';
import { table } from './tables.ts';

/** Whether a page's match, team or league exists: one keys-only read. */
export function buildPageSubjects(base: Base) {
  return table(base, DynamoPageSubjectRepository);
}

/**
 * The page files bundled beside the function's code (`match.html`, ... in `pages/` next to index.mjs;
 * infra/lib/bundling.ts copies them from the web build at deploy), read once per container.
 */
const bundledPages = pageFilesIn(join(fileURLToPath(new URL('.', import.meta.url)), PAGE_FILES_DIR), { keep: true });

/** A page file's HTML (`/match.html`, ...: the current build's), or undefined when it cannot be had. */
export function buildPageHtml(base: Base): PageHtmlSource {
  return base.pageHtml ?? bundledPages;
}

/**
 * The page files of a folder: the deployed bundle's (`keep`: they never change under a running
 * container) or the local web build's (read at each request: a rebuild shows at once).
 */
export function pageFilesIn(dir: string, { keep }: { keep: boolean }): PageHtmlSource {
  const kept = new Map<string, string>();
  return async (file) => {
    const known = kept.get(file);
    if (known !== undefined) return known;
    try {
      const html = await readFile(join(dir, file), 'utf8');
      if (keep) kept.set(file, html);
      return html;
    } catch (error) {
      logger.warn('A page file could not be read', { file, error: String(error) });
      return undefined;
    }
  };
}
