/** File-system side of the CLI: finds `<LEAGUE>/<YYYY-YY>.csv` files under one or more folders and parses them. */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { mergeMatches, parseFootballDataCsv, seasonFromFileName, type ParsedMatch } from '@app/model/football-data';

export interface FileRef {
  league: string;
  season: string;
  path: string;
}

export class UsageError extends Error {}

/** Lists league/season CSV files under the given folders (a folder may also be a single league folder's parent). */
export function listDataFiles(dirs: readonly string[]): FileRef[] {
  const files: FileRef[] = [];
  for (const dir of dirs) {
    if (!existsSync(dir)) throw new UsageError(`Data folder not found: ${dir}`);
    if (!statSync(dir).isDirectory()) throw new UsageError(`Not a folder: ${dir}`);
    for (const league of readdirSync(dir).sort()) {
      const ldir = join(dir, league);
      if (league.startsWith('.') || !statSync(ldir).isDirectory()) continue;
      for (const f of readdirSync(ldir).sort()) {
        const season = seasonFromFileName(f);
        if (season) files.push({ league, season, path: join(ldir, f) });
      }
    }
  }
  return files;
}

export function loadMatches(files: readonly FileRef[]): ParsedMatch[] {
  return mergeMatches(files.map((f) => parseFootballDataCsv(readFileSync(f.path, 'utf8'), { league: f.league, season: f.season })));
}
