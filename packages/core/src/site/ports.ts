/** What a page about one thing is about: a match (its fixture id), a team (its slug) or a league (its id). */
export type PageSubject = 'match' | 'team' | 'league';

/**
 * Whether the thing a page is about exists: one cheap read for the page's 200 or 404, never the
 * page's data (the browser reads that from the API once).
 */
export interface PageSubjectRepository {
  exists(kind: PageSubject, id: string): Promise<boolean>;
}
