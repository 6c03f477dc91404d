// Rebuilds the CSV test fixtures (src/csv/testing/football-data/) and the club-name list
// (src/leagues/testing/football-data-clubs.json) from a football-data.co.uk folder:
//   node packages/adapters/scripts/make-csv-fixtures.mjs <football-data folder>
// The fixtures are slices of real seasons, small enough to commit; the tests must never read
// the full folder, which a clone of this repository does not have.
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const source = process.argv[2];
if (!source) {
  console.error('usage: node make-csv-fixtures.mjs <football-data folder>');
  process.exit(2);
}
const pkg = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(pkg, 'src/csv/testing/football-data');

/** yyyymmdd of a dd/mm/yy or dd/mm/yyyy cell. */
const ymd = (cell) => {
  const [d, m, y] = cell.split('/');
  return `${y.length === 2 ? `20${y}` : y}${m}${d}`;
};
/** Each slice: league, season, and which data rows to keep. */
const slices = [
  { league: 'E0', season: '2005-06', keep: (_, i) => i < 20 },
  { league: 'E0', season: '2021-22', keep: (_, i) => i < 60 },
  // Up to the 2022 World Cup break: covers the autumn clock change and mid-November.
  { league: 'E0', season: '2022-23', keep: (cells) => ymd(cells[1]) <= '20221113' },
  { league: 'D1', season: '2022-23', keep: (cells) => ymd(cells[1]) <= '20221113' },
  { league: 'SP1', season: '2022-23', keep: (_, i) => i < 30 },
];
for (const { league, season, keep } of slices) {
  const [header, ...rows] = readFileSync(join(source, league, `${season}.csv`), 'utf8').replace(/\r/g, '').trimEnd().split('\n');
  const kept = rows.filter((row, i) => keep(row.split(','), i));
  mkdirSync(join(out, league), { recursive: true });
  writeFileSync(join(out, league, `${season}.csv`), [header, ...kept].join('\n') + '\n');
  console.log(`${league}/${season}.csv: ${kept.length} of ${rows.length} matches`);
}

// Every club name of every season, per league, as the files spell them.
const clubs = {};
for (const league of readdirSync(source, { withFileTypes: true })) {
  if (!league.isDirectory() || league.name.startsWith('.')) continue;
  const names = new Set();
  for (const file of readdirSync(join(source, league.name)).filter((f) => f.endsWith('.csv'))) {
    const [header, ...rows] = readFileSync(join(source, league.name, file), 'latin1').replace(/\r/g, '').split('\n');
    const cols = header.split(',');
    const home = cols.indexOf('HomeTeam');
    const away = cols.indexOf('AwayTeam');
    for (const row of rows) {
      const cells = row.split(',');
      for (const i of [home, away]) if (cells[i]?.trim()) names.add(cells[i].trim());
    }
  }
  clubs[league.name] = [...names].sort();
}
const clubFile = join(pkg, 'src/leagues/testing/football-data-clubs.json');
mkdirSync(dirname(clubFile), { recursive: true });
writeFileSync(clubFile, JSON.stringify(clubs, null, 1) + '\n');
console.log(`${Object.values(clubs).flat().length} club names in ${Object.keys(clubs).length} leagues`);
