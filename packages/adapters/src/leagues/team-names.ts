/**
 * The team-name table (`teams.ts`: every research club and its aliases, about 12 KB minified),
 * loaded at its first use rather than at a function's cold start: only the live providers read
 * it, once a payload is in hand (docs/decisions/0355-team-names-load-at-first-use.md). The Lambda
 * build splits it into a chunk beside the bundle; the first call imports it, later calls share it.
 */
import type * as Teams from './teams.ts';

export type TeamNames = typeof Teams;

let loading: Promise<TeamNames> | undefined;

export function teamNames(): Promise<TeamNames> {
  return (loading ??= import('./teams.ts'));
}
