/** Where a match page reads its data. Without imports: the entry script starts this read too (src/app/early-reads.ts). */
export const matchApiPath = (fixtureId: string): string => `/api/predictions/${encodeURIComponent(fixtureId)}`;
