import { MAX_BET_PRICE, MIN_BET_PRICE, type NewTrackedBet } from '@app/contracts/my-bets';
import type { Prediction } from '@app/contracts/predictions';
import { NotebookPen } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';

import { Button } from '@/components/ui/button';
import { controlClass } from '@/components/ui/filter-field';
import { PLAN_WORDS, stakeText } from '@/components/predictions/value-bet-detail';
import { SELECTION_LABELS } from '@/components/predictions/value-bet-line';
import { paths } from '@/config/paths';
import { useAddBet } from '@/features/my-bets/api/my-bets';
import { useSession } from '@/lib/auth';
import { ApiError } from '@/lib/api-client';
import { useStakeSettings, type StakeSettings } from '@/lib/stake-settings';
import { formatOdds } from '@/utils/format';

type ValueBet = NonNullable<Prediction['valueBets']>[number];

/**
 * The stake the flag suggests under the subscriber's own plan, the one its detail line shows
 * (docs/decisions/0320-a-stake-on-every-flag.md): with a bankroll set, its amount (rounded down to
 * cents); without one, in units of 1 % of a bankroll; 0 without a suggestion or an edge.
 */
export function suggestedStake(bet: Pick<ValueBet, 'stake'>, { plan, bankroll }: StakeSettings): number {
  const share = bet.stake?.[plan] ?? 0;
  if (share <= 0) return 0;
  return Math.floor((bankroll === null ? share : (bankroll * share) / 100) * 100 + 1e-9) / 100;
}

/** What the stake field says of its suggestion: the detail line's own words, or the units without a bankroll. */
function stakeHint(bet: ValueBet, settings: StakeSettings, suggestion: number): string | undefined {
  if (suggestion <= 0) return undefined;
  if (settings.bankroll !== null) return `Suggested ${stakeText(bet, settings)}`;
  return `Suggested ${suggestion} ${suggestion === 1 ? 'unit' : 'units'}: ${PLAN_WORDS[settings.plan]}, 1 unit = 1% of your bankroll`;
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
  const settings = useStakeSettings();
  const suggestion = suggestedStake(bet, settings);
  // null until edited: the suggestion, which follows the settings once they load
  const [edited, setStake] = useState<string | null>(null);
  const stake = edited ?? (suggestion > 0 ? String(suggestion) : '');
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
        <BetInput label="Stake" value={stake} onChange={setStake} step="0.01" min={0.01} hint={stakeHint(bet, settings, suggestion)} />
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
