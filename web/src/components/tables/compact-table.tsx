import type { ReactNode } from 'react';

import { cn } from '@/utils/cn';

/** A row: its heading, then one cell per remaining column, or one note across them. */
export type CompactRow = { key: string; header: ReactNode } & ({ cells: ReactNode[] } | { note: ReactNode });

type CompactTableProps = {
  /** The column headings; the first heads the rows' own headings ('' for none). */
  columns: readonly string[];
  rows: readonly CompactRow[];
  /** The table's accessible name. */
  label?: string;
  /**
   * A table too wide for a phone scrolls sideways inside a region of this name, focusable so a
   * keyboard can scroll it (give the table a `min-w-*` class).
   */
  scrollLabel?: string;
  className?: string;
};

const cellClass = (index: number, count: number) => (index < count - 1 ? 'py-1 pr-3' : 'py-1');

/** A small table of figures (tabular numbers, row headings) inside a detail page's section. */
export function CompactTable({ columns, rows, label, scrollLabel, className }: CompactTableProps) {
  const table = (
    <table aria-label={label} className={cn('w-full text-left text-sm tabular-nums', className)}>
      <thead className="text-xs text-muted-foreground">
        <tr>
          {columns.map((column, index) => (
            <th key={`${index}-${column}`} scope="col" className={cellClass(index, columns.length)}>
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key} className="border-t border-border">
            <th scope="row" className="py-1 pr-3 font-medium">
              {row.header}
            </th>
            {'note' in row ? (
              <td colSpan={columns.length - 1} className="py-1 text-muted-foreground">
                {row.note}
              </td>
            ) : (
              row.cells.map((cell, index) => (
                <td key={index} className={cellClass(index + 1, columns.length)}>
                  {cell}
                </td>
              ))
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
  if (!scrollLabel) return table;
  return (
    <div className="overflow-x-auto" role="region" aria-label={scrollLabel} tabIndex={0}>
      {table}
    </div>
  );
}
