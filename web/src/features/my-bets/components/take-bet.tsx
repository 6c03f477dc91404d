import { MAX_BET_PRICE, MIN_BET_PRICE, type NewTrackedBet } from '@app/contracts/my-bets';
import type { Prediction } from '@app/contracts/predictions';
import { NotebookPen } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';

import { Button } from '@/components/ui/button';
import { controlClass } from '@/components/ui/filter-field';
import { SELECTION_LABELS } from '@/components/predictions/value-bet-line';
import { paths } from '@/config/paths';
import { useAddBet } from '@/features/my-bets/api/my-bets';
import { useSession } from '@/lib/auth';
import { ApiError } from '@/lib/api-client';
import { formatOdds } from '@/utils/format';

type ValueBet = NonNullable<Prediction['valueBets']>[number];

/**
 * The stake the flag suggests under quarter-Kelly, in units of 1 % of a bankroll: the server's
 * suggestion on the flag (docs/decisions/0320-a-stake-on-every-flag.md), the ledger's staking; 0 without one.
 */
export function suggestedStake(bet: Pick<ValueBet, 'stake'>): number {
  return bet.stake ? bet.stake.kelly : 0;
}

export const marketOf = (selection: ValueBet['market']): NewTrackedBet['market'] => (selection === 'over25' || selection === 'under25' ? 'ou25' : '1x2');

/** Whether this viewer may record bets now: a subscriber not on a break (a break hides "I took this" and stake suggestions). */
export function useCanTrackBets(): boolean {
  const session = useSession();
  return session.isConfirmed && session.isPremium && !session.user?.breakUntil;
}

/** The message of a refused save: the server's own words for a 4xx. */
export function errorText(error: unknown): string {
  if (error instanceof ApiError && error.status < 500) return error.message;
  return 'The bet could not be saved. Try again.';
}

/** A labelled number or text input of the bet forms. */
export function BetInput({
  label,
  value,
  onChange,
  type = 'number',
  step,
  min,
  max,
  hint,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'number' | 'text' | 'datetime-local';
  step?: string;
  min?: number;
  max?: number;
  hint?: string;
}) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-1 flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        type={type}
        inputMode={type === 'number' ? 'decimal' : undefined}
        step={step}
        min={min}
        max={max}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className={controlClass}
      />
      {hint ? (
        <span id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </span>
      ) : null}
    </div>
  );
}

/**
 * "I took this" on a value line: opens a small form with the flag's price, bookmaker and the
 * suggested stake, each editable, and one more tap to confirm. Not shown to a visitor, a free
 * account or a subscriber on a break. `compact`: an icon button (a phone's list row), the form
 * taking the row's whole width when open.
 */
export function TakeBet({ fixtureId, bet, compact = false }: { fixtureId: string; bet: ValueBet; compact?: boolean }) {
  const canTrack = useCanTrackBets();
  const [open, setOpen] = useState(false);
  const [price, setPrice] = useState(bet.odds.toFixed(2));
  const [bookmaker, setBookmaker] = useState(bet.bookmaker ?? '');
  const suggestion = suggestedStake(bet);
  const [stake, setStake] = useState(suggestion > 0 ? String(suggestion) : '');
  const add = useAddBet();
  if (!canTrack) return null;
  const label = `${SELECTION_LABELS[bet.market]} @ ${formatOdds(bet.odds)}`;
  if (add.isSuccess)
    return (
      <p role="status" className="text-xs font-medium text-success">
        Saved: {SELECTION_LABELS[bet.market]} at {formatOdds(add.data.price)}.{' '}
        <Link to={paths.myBets.getHref()} className="underline underline-offset-2">
          My bets
        </Link>
      </p>
    );
  if (!open)
    return (
      <Button variant="outline" size={compact ? 'icon' : 'sm'} aria-label={`I took this: ${label}`} title="I took this" onClick={() => setOpen(true)}>
        {compact ? <NotebookPen aria-hidden="true" /> : 'I took this'}
      </Button>
    );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate({
      fixtureId,
      market: marketOf(bet.market),
      selection: bet.market,
      price: Number(price),
      bookmaker: bookmaker.trim() || null,
      stake: Number(stake),
      fromFlag: true,
    });
  };
  return (
    <form onSubmit={submit} aria-label={`I took ${label}`} className="w-full space-y-2 rounded-lg border border-border bg-surface p-3">
      <div className="flex flex-wrap gap-2">
        <BetInput label="Price taken" value={price} onChange={setPrice} step="0.01" min={MIN_BET_PRICE} max={MAX_BET_PRICE} />
        <BetInput label="Bookmaker" type="text" value={bookmaker} onChange={setBookmaker} />
        <BetInput
          label="Stake"
          value={stake}
          onChange={setStake}
          step="0.01"
          min={0.01}
          hint={suggestion > 0 ? `Suggested ${suggestion} units: quarter-Kelly, 1 unit = 1% of your bankroll` : undefined}
        />
      </div>
      {add.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {errorText(add.error)}
        </p>
      ) : null}
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={add.isPending}>
          Confirm
        </Button>
        <Button variant="ghost" size="sm" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
