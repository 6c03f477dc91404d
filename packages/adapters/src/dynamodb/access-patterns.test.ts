import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { keys } from './keys.ts';

/**
 * docs/architecture.md's access-pattern table must describe keys.ts as it is: every member of
 * `keys` is named in the table's `keys.ts` column, every name there exists, and every key a
 * member builds matches one of its row's key templates (`<...>` stands for any value).
 */
const DOC = new URL('../../../../docs/architecture.md', import.meta.url);
const HEADING = '## DynamoDB access patterns';
/** Passed for every argument: a kickoff-like string, so slicing it (day, month) still works. */
const SAMPLE = '2026-01-02T03:04:05.000Z';

interface Row {
  entity: string;
  names: string[];
  /** Key templates by attribute: PK, SK, GSI1PK, GSI1SK... */
  templates: Record<string, string[]>;
}

const backticked = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);

function cells(line: string): string[] {
  return line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((c) => c.trim());
}

/** The first markdown table after the heading, as rows with their key names and templates. */
function readTable(markdown: string): Row[] {
  const start = markdown.indexOf(HEADING);
  if (start < 0) throw new Error(`docs/architecture.md has no '${HEADING}' section`);
  const lines = markdown.slice(start).split('\n');
  const first = lines.findIndex((l) => l.trimStart().startsWith('|'));
  if (first < 0) throw new Error(`No table under '${HEADING}'`);
  const table: string[] = [];
  for (const line of lines.slice(first)) {
    if (!line.trimStart().startsWith('|')) break;
    table.push(line);
  }
  const header = cells(table[0]!);
  const column = (name: string) => {
    const i = header.findIndex((h) => h.replace(/`/g, '') === name);
    if (i < 0) throw new Error(`The access-pattern table has no '${name}' column (columns: ${header.join(', ')})`);
    return i;
  };
  const [entity, names, pk, sk, index] = ['Entity (type)', 'keys.ts', 'PK', 'SK', 'Index'].map(column) as [number, number, number, number, number];
  return table.slice(2).map((line) => {
    const c = cells(line);
    const templates: Record<string, string[]> = { PK: backticked(c[pk] ?? ''), SK: backticked(c[sk] ?? '') };
    // The Index cell reads 'GSI1: `pk` / `sk`; GSI2: `pk` / `sk`'.
    for (const part of (c[index] ?? '').split(';')) {
      const gsi = /GSI\d/.exec(part)?.[0];
      const [gsiPk, gsiSk] = backticked(part);
      if (gsi && gsiPk) templates[`${gsi}PK`] = [gsiPk];
      if (gsi && gsiSk) templates[`${gsi}SK`] = [gsiSk];
    }
    return {
      entity: c[entity] ?? '',
      names: backticked(c[names] ?? '')
        .filter((n) => n.startsWith('keys.'))
        .map((n) => n.slice('keys.'.length)),
      templates,
    };
  });
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** `<...>` is one key segment: any value without the `#` separator. */
const templateRegExp = (t: string) =>
  new RegExp(
    `^${t
      .split(/<[^>]+>/)
      .map(escape)
      .join('[^#]+')}$`,
  );

/**
 * What a member of `keys` builds, by attribute: a key object's attributes (PK, SK, GSI1PK...), or
 * a lone string (a partition value or an SK prefix) under `*`, which may match any of the row's keys.
 */
function built(member: unknown): [string, string][] {
  const value = typeof member === 'function' ? (member as (...a: string[]) => unknown)(...Array<string>(member.length).fill(SAMPLE)) : member;
  if (typeof value === 'string') return [['*', value]];
  return Object.entries(value as Record<string, unknown>).filter((e): e is [string, string] => typeof e[1] === 'string');
}

/** A built value fits a template when the template matches it, or (a prefix constant) starts with it. */
const fits = (value: string, template: string, constant: boolean) => templateRegExp(template).test(value) || (constant && template.startsWith(value));

function mismatches(row: Row, name: string, member: unknown): string[] {
  const constant = typeof member === 'string';
  return built(member)
    .filter(([attribute, value]) => {
      const candidates = attribute === '*' ? Object.values(row.templates).flat() : (row.templates[attribute] ?? []);
      return !candidates.some((t) => fits(value, t, constant));
    })
    .map(([attribute, value]) => {
      const shown = attribute === '*' ? Object.values(row.templates).flat() : (row.templates[attribute] ?? []);
      const where = attribute === '*' ? 'any key of the row' : `the row's ${attribute}`;
      return `row '${row.entity}': keys.${name} builds ${attribute === '*' ? '' : `${attribute} `}'${value}', which matches none of ${where} (${shown.map((t) => `'${t}'`).join(', ') || 'none given'})`;
    });
}

describe('docs/architecture.md access-pattern table against keys.ts', () => {
  const rows = readTable(readFileSync(DOC, 'utf8'));
  const members = keys as Record<string, unknown>;

  it('has rows', () => {
    expect(rows.length).toBeGreaterThan(10);
  });

  it('lists every member of keys.ts', () => {
    const listed = new Set(rows.flatMap((r) => r.names));
    const missing = Object.keys(members)
      .filter((name) => !listed.has(name))
      .map(
        (name) =>
          `keys.${name} (builds ${built(members[name])
            .map(([a, v]) => `${a === '*' ? '' : `${a}=`}${v}`)
            .join(', ')}) is not in docs/architecture.md's access-pattern table: add it to its entity's row`,
      );
    expect(missing).toEqual([]);
  });

  it('names only members that keys.ts has', () => {
    const unknown = rows.flatMap((r) =>
      r.names.filter((name) => !(name in members)).map((name) => `row '${r.entity}' names keys.${name}, which keys.ts does not have`),
    );
    expect(unknown).toEqual([]);
  });

  it('shows the keys each member builds', () => {
    const wrong = rows.flatMap((r) => r.names.filter((name) => name in members).flatMap((name) => mismatches(r, name, members[name])));
    expect(wrong).toEqual([]);
  });

  it('catches drifted keys (the check can fail)', () => {
    const drifted = readTable(
      [
        HEADING,
        '',
        '| Entity (`type`) | `keys.ts` | PK | SK | Index |',
        '|---|---|---|---|---|',
        '| Password attempts | `keys.passwordAttempts` | `THROTTLE#PASSWORD#<hash>` | `WINDOW#<hour>` | |',
        '| Model state | `keys.modelState` | `MODEL#<leagueId>` | `<version>` | |',
        '| Prediction | `keys.predictionDay` | `FIXTURE#<fixtureId>` | `PREDICTION` | GSI1: `PREDICTIONDAY#<day>` / `<kickoff>#<fixtureId>` |',
      ].join('\n'),
    );
    expect(drifted.flatMap((r) => r.names.flatMap((name) => mismatches(r, name, members[name])))).toEqual([
      "row 'Password attempts': keys.passwordAttempts builds SK 'ATTEMPTS', which matches none of the row's SK ('WINDOW#<hour>')",
      `row 'Model state': keys.modelState builds SK 'STATE#${SAMPLE}', which matches none of the row's SK ('<version>')`,
      `row 'Prediction': keys.predictionDay builds GSI1PK 'PREDDAY#${SAMPLE}', which matches none of the row's GSI1PK ('PREDICTIONDAY#<day>')`,
    ]);
  });
});
