import type { WinningPrediction } from '@app/contracts/admin';
import { displayTeamName } from '@app/contracts/display-names';
import { Pencil } from 'lucide-react';
import { useState, type FormEvent } from 'react';

import { ListTable, MatchCells } from '@/components/tables/list-table';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FilterField } from '@/components/ui/filter-field';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { useWinningPredictions } from '@/features/admin/api/get-winning-predictions';
import { useUpdateOdds } from '@/features/admin/api/update-odds';
import { apiErrorMessage } from '@/lib/api-client';
import { formatOdds, localDay } from '@/utils/format';

/** docs/product.md#messages. */
export const NO_WINNING_PREDICTIONS = 'No winning predictions to enter odds for yet';
export const INVALID_ODDS = { title: 'Invalid Odds', description: 'Please enter a valid odds value (greater than 1.00)' };
/** Shown instead of odds for a match that has not been played. */
export const NOT_PLAYED = 'Not played yet';
/** Rows per page of the table. */
export const ODDS_PAGE_SIZE = 20;

export type OddsRowState = 'Upcoming' | 'Awaiting Odds' | 'Finished';

/** docs/product.md#admin-odds: Upcoming (not finished), Awaiting Odds (finished, no odds), Finished (finished with odds). */
export function oddsRowState(row: Pick<WinningPrediction, 'hasResult' | 'winningOdds'>): OddsRowState {
  if (!row.hasResult) return 'Upcoming';
  return row.winningOdds === null ? 'Awaiting Odds' : 'Finished';
}

const STATE_BADGE: Record<OddsRowState, BadgeVariant> = { Upcoming: 'muted', 'Awaiting Odds': 'premium', Finished: 'success' };

/**
 * docs/product.md#validation: a number greater than 1, with at most two decimals, so odds are
 * stored and shown to the same precision (docs/decisions/0074-admin-odds-that-scale.md).
 */
export function parseOdds(value: string): number | null {
  const text = value.trim().replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return null;
  const odds = Number(text);
  return Number.isFinite(odds) && odds > 1 ? odds : null;
}

function OddsEditor({ row, onDone }: { row: WinningPrediction; onDone?: (saved: boolean) => void }) {
  const [value, setValue] = useState(row.winningOdds === null ? '' : row.winningOdds.toFixed(2));
  const update = useUpdateOdds();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const odds = parseOdds(value);
    if (odds === null) {
      toast({ ...INVALID_ODDS, variant: 'destructive' });
      return;
    }
    update.mutate(
      { predictionId: row.id, odds },
      {
        onSuccess: () => {
          toast({ title: 'Success', description: 'Odds updated successfully', variant: 'success' });
          onDone?.(true);
        },
        onError: (error) => toast({ title: 'Failed to update odds', description: apiErrorMessage(error) ?? 'Please try again.', variant: 'destructive' }),
      },
    );
  };

  return (
    // Escape gives up an edit, as Cancel does, and keeps the saved odds.
    <form
      noValidate
      onSubmit={onSubmit}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !onDone || update.isPending) return;
        event.preventDefault();
        onDone(false);
      }}
      className="flex items-center gap-2"
    >
      <input
        type="number"
        inputMode="decimal"
        min="1.01"
        step="0.01"
        value={value}
        autoFocus={onDone !== undefined}
        onChange={(event) => setValue(event.target.value)}
        aria-label={`Winning odds for ${displayTeamName(row.homeTeam)} vs ${displayTeamName(row.awayTeam)}`}
        placeholder="e.g. 2.10"
        className="h-9 w-24 rounded-lg border border-slate-500 bg-background px-2 text-sm"
      />
      <Button type="submit" size="sm" disabled={update.isPending}>
        {update.isPending ? 'Saving...' : 'Save'}
      </Button>
      {onDone ? (
        <Button variant="ghost" size="sm" onClick={() => onDone(false)} disabled={update.isPending}>
          Cancel
        </Button>
      ) : null}
    </form>
  );
}

type OddsCellProps = { row: WinningPrediction; editing: boolean; focusEdit: boolean; onEdit: () => void; onDone: () => void };

function OddsCell({ row, editing, focusEdit, onEdit, onDone }: OddsCellProps) {
  const state = oddsRowState(row);
  if (state === 'Awaiting Odds') return <OddsEditor row={row} />;
  if (state === 'Finished' && editing) return <OddsEditor row={row} onDone={onDone} />;
  // Before the match is played there are no winning odds to show (the captured price is not a result).
  if (state === 'Upcoming') return <span className="text-muted-foreground">{NOT_PLAYED}</span>;
  return (
    <div className="flex items-center gap-2">
      <span className="font-semibold tabular-nums">{formatOdds(row.winningOdds)}</span>
      <Button
        // Back from an edit (saved, Cancel or Escape): the focus returns to this button.
        autoFocus={focusEdit}
        variant="outline"
        size="sm"
        onClick={onEdit}
        aria-label={`Edit odds for ${displayTeamName(row.homeTeam)} vs ${displayTeamName(row.awayTeam)}`}
      >
        <Pencil aria-hidden="true" />
        Edit
      </Button>
    </div>
  );
}

export type OddsFilters = { status: OddsRowState | 'all'; league: string; day: string };

const NO_FILTERS: OddsFilters = { status: 'all', league: 'all', day: '' };

/** The rows the filters keep: a status, a league ('all' = any) and a local day (`YYYY-MM-DD`, '' = any). */
export function filterOddsRows(rows: WinningPrediction[], filters: OddsFilters): WinningPrediction[] {
  return rows.filter(
    (row) =>
      (filters.status === 'all' || oddsRowState(row) === filters.status) &&
      (filters.league === 'all' || row.league === filters.league) &&
      (filters.day === '' || localDay(new Date(row.matchTime)) === filters.day),
  );
}

const filterControl = 'h-10 w-full rounded-lg border border-slate-500 bg-background px-3 text-sm sm:w-48';

function OddsFilterBar({ filters, leagues, onChange }: { filters: OddsFilters; leagues: string[]; onChange: (next: OddsFilters) => void }) {
  const active = filters.status !== 'all' || filters.league !== 'all' || filters.day !== '';
  return (
    <div role="group" aria-label="Filter winning predictions" className="flex flex-wrap items-end gap-3 px-1 pb-4">
      <FilterField label="Status">
        {(id) => (
          <select
            id={id}
            value={filters.status}
            onChange={(event) => onChange({ ...filters, status: event.target.value as OddsFilters['status'] })}
            className={filterControl}
          >
            <option value="all">All statuses</option>
            <option value="Upcoming">Upcoming</option>
            <option value="Awaiting Odds">Awaiting Odds</option>
            <option value="Finished">Finished</option>
          </select>
        )}
      </FilterField>
      <FilterField label="League">
        {(id) => (
          <select id={id} value={filters.league} onChange={(event) => onChange({ ...filters, league: event.target.value })} className={filterControl}>
            <option value="all">All leagues</option>
            {leagues.map((league) => (
              <option key={league} value={league}>
                {league}
              </option>
            ))}
          </select>
        )}
      </FilterField>
      <FilterField label="Match day">
        {(id) => (
          <input id={id} type="date" value={filters.day} onChange={(event) => onChange({ ...filters, day: event.target.value })} className={filterControl} />
        )}
      </FilterField>
      {active ? (
        <Button variant="outline" size="md" onClick={() => onChange(NO_FILTERS)}>
          Clear filters
        </Button>
      ) : null}
    </div>
  );
}

function Pagination({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  if (pages <= 1) return null;
  return (
    <nav aria-label="Winning predictions pages" className="flex items-center justify-between gap-3 px-1 pt-4">
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <p className="text-sm text-muted-foreground" aria-live="polite">
        Page {page} of {pages}
      </p>
      <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}

/** The rows a page of the table shows: the filters applied, then one page of what they kept. */
function pageOfRows(rows: WinningPrediction[], filters: OddsFilters, page: number) {
  const kept = filterOddsRows(rows, filters);
  const pages = Math.max(1, Math.ceil(kept.length / ODDS_PAGE_SIZE));
  const current = Math.min(page, pages);
  return { kept, pages, current, shown: kept.slice((current - 1) * ODDS_PAGE_SIZE, current * ODDS_PAGE_SIZE) };
}

/** One winning prediction: the match, the pick, the result, its odds (entered in place) and its state. */
function OddsRow({ row, editing, focusEdit, onEdit, onDone }: OddsCellProps) {
  const state = oddsRowState(row);
  return (
    <tr data-state={state}>
      <MatchCells match={row} />
      <td className="px-3 py-3">
        <code className="rounded bg-muted px-1.5 py-0.5 text-xs">{row.predictionType}</code>
      </td>
      <td className="px-3 py-3">
        <Badge>{row.ourPrediction}</Badge>
      </td>
      <td className="px-3 py-3">{row.actualResult}</td>
      <td className="px-3 py-3">
        <OddsCell row={row} editing={editing} focusEdit={focusEdit} onEdit={onEdit} onDone={onDone} />
      </td>
      <td className="px-3 py-3">
        <Badge variant={STATE_BADGE[state]}>{state}</Badge>
      </td>
    </tr>
  );
}

/**
 * docs/product.md#admin-odds: the admin's list of winning predictions with odds entry, filtered
 * by status, league and day and shown a page at a time (docs/decisions/0074-admin-odds-that-scale.md).
 */
export function OddsTable() {
  const rows = useWinningPredictions();
  const [editing, setEditing] = useState<string | null>(null);
  const [focusEdit, setFocusEdit] = useState<string | null>(null);
  const [filters, setFilters] = useState<OddsFilters>(NO_FILTERS);
  const [page, setPage] = useState(1);

  if (rows.isPending) {
    return (
      <div className="flex justify-center py-10">
        <Spinner label="Loading winning predictions" />
      </div>
    );
  }
  if (rows.isError) {
    return (
      <p role="alert" className="py-10 text-center text-destructive">
        Failed to load winning predictions: {apiErrorMessage(rows.error) ?? rows.error.message}
      </p>
    );
  }
  if (rows.data.length === 0) return <p className="py-10 text-center text-muted-foreground">{NO_WINNING_PREDICTIONS}</p>;

  const leagues = [...new Set(rows.data.map((row) => row.league))].sort();
  const { kept, pages, current, shown } = pageOfRows(rows.data, filters, page);

  return (
    <div>
      <OddsFilterBar
        filters={filters}
        leagues={leagues}
        onChange={(next) => {
          setFilters(next);
          setPage(1);
        }}
      />
      <p className="px-1 pb-2 text-sm text-muted-foreground" aria-live="polite">
        {kept.length === rows.data.length ? `${kept.length} predictions` : `${kept.length} of ${rows.data.length} predictions`}
      </p>
      <p className="px-1 pb-2 text-sm text-muted-foreground md:hidden">Scroll the table sideways for the odds and status.</p>
      {kept.length === 0 ? (
        <p className="py-10 text-center text-muted-foreground">No winning predictions match these filters.</p>
      ) : (
        <ListTable
          label="Winning predictions table"
          caption="Winning predictions and their odds"
          columns={['Match', 'League', 'Time', 'Type', 'Our Prediction', 'Actual Result', 'Winning Odds', 'Status']}
          className="min-w-[60rem]"
        >
          {shown.map((row) => (
            <OddsRow
              key={row.id}
              row={row}
              editing={editing === row.id}
              focusEdit={focusEdit === row.id}
              onEdit={() => {
                setFocusEdit(null);
                setEditing(row.id);
              }}
              onDone={() => {
                setEditing(null);
                setFocusEdit(row.id);
              }}
            />
          ))}
        </ListTable>
      )}
      <Pagination page={current} pages={pages} onPage={setPage} />
    </div>
  );
}
