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
   * keyboard can scroll it (give the table a `min-w-*` class). For a pinned first column and a
   * visible cue, wrap the table in `SideScroll` (side-scroll.tsx) instead.
   */
  scrollLabel?: string;
  /** Keep the first column in place while the rest scrolls sideways (inside `SideScroll`). */
  pinFirstColumn?: boolean;
  /**
   * Below md, each row stacks as a block of labelled lines (the column's name beside each cell)
   * instead of scrolling: for tables whose every column matters on a phone (intervals, picks).
   */
  stackOnPhone?: boolean;
  className?: string;
};

const cellClass = (index: number, count: number) => (index < count - 1 ? 'py-1 pr-3' : 'py-1');
const stackedCell =
  'max-md:grid max-md:grid-cols-[minmax(7rem,40%)_1fr] max-md:gap-2 max-md:py-0.5 max-md:before:text-xs max-md:before:text-muted-foreground max-md:before:content-[attr(data-label)]';

/** A small table of figures (tabular numbers, row headings) inside a detail page's section. */
export function CompactTable({ columns, rows, label, scrollLabel, pinFirstColumn, stackOnPhone, className }: CompactTableProps) {
  const scrolls = Boolean(pinFirstColumn) && !stackOnPhone;
  // Explicit roles: a stacked table is laid out as blocks, which may drop the native ones.
  const role = <T extends string>(name: T) => (stackOnPhone ? { role: name } : {});
  const table = (
    <table aria-label={label} {...role('table')} className={cn('w-full text-left text-sm tabular-nums', stackOnPhone && 'max-md:block', className)}>
      <thead {...role('rowgroup')} className={cn('text-xs text-muted-foreground', stackOnPhone && 'max-md:sr-only')}>
        <tr {...role('row')}>
          {columns.map((column, index) => (
            <th
              key={`${index}-${column}`}
              {...role('columnheader')}
              scope="col"
              className={cn(cellClass(index, columns.length), scrolls && index === 0 && 'sticky left-0 z-10 bg-background')}
            >
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody {...role('rowgroup')} className={cn(stackOnPhone && 'max-md:block')}>
        {rows.map((row) => (
          <tr key={row.key} {...role('row')} className={cn('border-t border-border', stackOnPhone && 'max-md:block max-md:py-2')}>
            <th
              scope="row"
              {...role('rowheader')}
              className={cn('py-1 pr-3 font-medium', stackOnPhone && 'max-md:block', scrolls && 'sticky left-0 z-10 bg-background')}
            >
              {row.header}
            </th>
            {'note' in row ? (
              <td colSpan={columns.length - 1} {...role('cell')} className="py-1 text-muted-foreground">
                {row.note}
              </td>
            ) : (
              row.cells.map((cell, index) => (
                <td
                  key={index}
                  {...role('cell')}
                  data-label={stackOnPhone ? columns[index + 1] : undefined}
                  className={cn(cellClass(index + 1, columns.length), stackOnPhone && stackedCell)}
                >
                  {stackOnPhone ? <span>{cell}</span> : cell}
                </td>
              ))
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
  if (!scrollLabel) return table;
  if (stackOnPhone) {
    // Wide screens may still scroll it; a phone shows it stacked, with nothing off screen.
    return (
      <div className="md:overflow-x-auto" role="region" aria-label={scrollLabel} tabIndex={0}>
        {table}
      </div>
    );
  }
  return (
    <div className="overflow-x-auto" role="region" aria-label={scrollLabel} tabIndex={0}>
      {table}
    </div>
  );
}
