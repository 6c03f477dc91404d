import { describe, expect, it } from 'vitest';
import { MY_BETS_CSV_COLUMNS } from '@app/contracts/my-bets';
import { parseCsv, readImport } from './csv.ts';

describe('reading the export back', () => {
  it('splits RFC 4180 fields: quoted commas and quotes, CRLF, blank lines skipped', () => {
    expect(parseCsv('a,"b,c","d""e"\r\n\n1,,3\n')).toEqual([
      ['a', 'b,c', 'd"e'],
      ['1', '', '3'],
    ]);
  });

  it('refuses a file without the header, and a row of the wrong width, saying which', () => {
    expect(readImport('id,price\n1,2')).toMatchObject({ error: expect.stringMatching(/^The first line must be the export's header/) });
    expect(readImport(`${MY_BETS_CSV_COLUMNS.join(',')}\n1,2,3`)).toEqual({ rows: [{ row: 1, reason: 'has 3 fields, not 19' }] });
  });
});
