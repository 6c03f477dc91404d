/**
 * Reading back the export's own CSV (docs/decisions/0300-my-bets.md): RFC 4180 fields, and the
 * apostrophe the export puts before a text a spreadsheet would run as a formula taken off again.
 * Pure functions.
 */
import { MAX_IMPORT_ROWS, MY_BETS_CSV_COLUMNS, NewTrackedBetSchema, type NewTrackedBet } from '@app/contracts/my-bets';

/** The records of a CSV text: fields split on commas outside quotes, `""` an escaped quote; blank lines skipped. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i += 1;
      record.push(field);
      if (record.some((f) => f !== '')) records.push(record);
      record = [];
      field = '';
    } else field += c;
  }
  record.push(field);
  if (record.some((f) => f !== '')) records.push(record);
  return records;
}

/** A text field as the export wrote it, without the formula guard's apostrophe. */
const unguarded = (value: string) => (/^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value);

/** One row read as a bet to add, or why it is refused. */
export type ImportRow = { row: number; bet: NewTrackedBet } | { row: number; reason: string };

/**
 * The rows of an export, each checked as `POST /api/my-bets` checks a bet (its match is checked
 * later, by the service). The header must be the export's; a flag price asks for the flag.
 */
export function readImport(text: string): { rows: ImportRow[] } | { error: string } {
  const [header, ...records] = parseCsv(text);
  if (!header || header.join(',') !== MY_BETS_CSV_COLUMNS.join(','))
    return { error: `The first line must be the export's header: ${MY_BETS_CSV_COLUMNS.join(',')}` };
  if (records.length > MAX_IMPORT_ROWS) return { error: `An import takes at most ${MAX_IMPORT_ROWS.toLocaleString('en-GB')} rows` };
  const at = (record: string[], column: (typeof MY_BETS_CSV_COLUMNS)[number]) => record[MY_BETS_CSV_COLUMNS.indexOf(column)] ?? '';
  const number = (v: string) => (v.trim() === '' ? undefined : Number(v));
  return {
    rows: records.map((record, i): ImportRow => {
      const row = i + 1;
      if (record.length !== MY_BETS_CSV_COLUMNS.length) return { row, reason: `has ${record.length} fields, not ${MY_BETS_CSV_COLUMNS.length}` };
      const line = number(at(record, 'line'));
      const parsed = NewTrackedBetSchema.safeParse({
        fixtureId: at(record, 'fixture_id'),
        market: at(record, 'market'),
        selection: at(record, 'selection'),
        ...(line === undefined ? {} : { line }),
        price: number(at(record, 'price')),
        bookmaker: unguarded(at(record, 'bookmaker')) || null,
        stake: number(at(record, 'stake')),
        placedAt: at(record, 'placed_at'),
        fromFlag: at(record, 'flag_price') !== '',
      });
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        return { row, reason: issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message };
      }
      return { row, bet: parsed.data };
    }),
  };
}
