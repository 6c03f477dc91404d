import type { WinningPrediction } from '@app/contracts/admin';
import { Pencil } from 'lucide-react';
import { useState, type FormEvent } from 'react';

import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { useWinningPredictions } from '@/features/admin/api/get-winning-predictions';
import { useUpdateOdds } from '@/features/admin/api/update-odds';
import { apiErrorMessage } from '@/lib/api-client';
import { formatMatchDate, formatOdds } from '@/utils/format';

/** docs/product.md#messages. */
export const NO_WINNING_PREDICTIONS = 'No winning predictions to enter odds for yet';
export const INVALID_ODDS = { title: 'Invalid Odds', description: 'Please enter a valid odds value (greater than 1.00)' };

export type OddsRowState = 'Upcoming' | 'Awaiting Odds' | 'Finished';

/** docs/product.md#admin-odds: Upcoming (not finished), Awaiting Odds (finished, no odds), Finished (finished with odds). */
export function oddsRowState(row: Pick<WinningPrediction, 'hasResult' | 'winningOdds'>): OddsRowState {
  if (!row.hasResult) return 'Upcoming';
  return row.winningOdds === null ? 'Awaiting Odds' : 'Finished';
}

const STATE_BADGE: Record<OddsRowState, BadgeVariant> = { Upcoming: 'muted', 'Awaiting Odds': 'premium', Finished: 'success' };

/** docs/product.md#validation: a number greater than 1. */
export function parseOdds(value: string): number | null {
  const odds = Number(value.trim().replace(',', '.'));
  return value.trim() !== '' && Number.isFinite(odds) && odds > 1 ? odds : null;
}

function OddsEditor({ row, onDone }: { row: WinningPrediction; onDone?: () => void }) {
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
          onDone?.();
        },
        onError: (error) => toast({ title: 'Failed to update odds', description: apiErrorMessage(error) ?? 'Please try again.', variant: 'destructive' }),
      },
    );
  };

  return (
    <form noValidate onSubmit={onSubmit} className="flex items-center gap-2">
      <input
        type="number"
        inputMode="decimal"
        min="1.01"
        step="0.01"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        aria-label={`Winning odds for ${row.homeTeam} vs ${row.awayTeam}`}
        placeholder="e.g. 2.10"
        className="h-9 w-24 rounded-lg border border-slate-500 bg-background px-2 text-sm"
      />
      <Button type="submit" size="sm" disabled={update.isPending}>
        {update.isPending ? 'Saving...' : 'Save'}
      </Button>
      {onDone ? (
        <Button variant="ghost" size="sm" onClick={onDone} disabled={update.isPending}>
          Cancel
        </Button>
      ) : null}
    </form>
  );
}

function OddsCell({ row, editing, onEdit, onDone }: { row: WinningPrediction; editing: boolean; onEdit: () => void; onDone: () => void }) {
  const state = oddsRowState(row);
  if (state === 'Awaiting Odds') return <OddsEditor row={row} />;
  if (state === 'Finished' && editing) return <OddsEditor row={row} onDone={onDone} />;
  return (
    <div className="flex items-center gap-2">
      <span className="font-semibold tabular-nums">{formatOdds(row.winningOdds)}</span>
      {state === 'Finished' ? (
        <Button variant="outline" size="sm" onClick={onEdit} aria-label={`Edit odds for ${row.homeTeam} vs ${row.awayTeam}`}>
          <Pencil aria-hidden="true" />
          Edit
        </Button>
      ) : null}
    </div>
  );
}

/** docs/product.md#admin-odds: the admin's list of winning predictions with odds entry. */
export function OddsTable() {
  const rows = useWinningPredictions();
  const [editing, setEditing] = useState<string | null>(null);

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

  return (
    // Focusable so keyboard users can scroll it sideways on small screens.
    <div className="overflow-x-auto" role="region" aria-label="Winning predictions table" tabIndex={0}>
      <table className="w-full min-w-[60rem] text-left text-sm">
        <caption className="sr-only">Winning predictions and their odds</caption>
        <thead className="border-b border-border text-xs text-muted-foreground uppercase">
          <tr>
            <th scope="col" className="px-3 py-2 font-semibold">Match</th>
            <th scope="col" className="px-3 py-2 font-semibold">League</th>
            <th scope="col" className="px-3 py-2 font-semibold">Time</th>
            <th scope="col" className="px-3 py-2 font-semibold">Type</th>
            <th scope="col" className="px-3 py-2 font-semibold">Our Prediction</th>
            <th scope="col" className="px-3 py-2 font-semibold">Actual Result</th>
            <th scope="col" className="px-3 py-2 font-semibold">Winning Odds</th>
            <th scope="col" className="px-3 py-2 font-semibold">Status</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {rows.data.map((row) => {
            const state = oddsRowState(row);
            return (
              <tr key={row.id} data-state={state}>
                <th scope="row" className="px-3 py-3 font-medium">
                  {row.homeTeam} <span className="font-normal text-muted-foreground">vs</span> {row.awayTeam}
                </th>
                <td className="px-3 py-3">{row.league}</td>
                <td className="px-3 py-3 whitespace-nowrap">
                  <time dateTime={row.matchTime}>{formatMatchDate(row.matchTime)}</time>
                </td>
                <td className="px-3 py-3">
                  <code className="rounded bg-muted px-1.5 py-0.5 text-xs">{row.predictionType}</code>
                </td>
                <td className="px-3 py-3">
                  <Badge>{row.ourPrediction}</Badge>
                </td>
                <td className="px-3 py-3">{row.actualResult}</td>
                <td className="px-3 py-3">
                  <OddsCell row={row} editing={editing === row.id} onEdit={() => setEditing(row.id)} onDone={() => setEditing(null)} />
                </td>
                <td className="px-3 py-3">
                  <Badge variant={STATE_BADGE[state]}>{state}</Badge>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
