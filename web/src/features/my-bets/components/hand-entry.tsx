import { MAX_AH_LINE, SELECTIONS_OF, TRACKED_MARKETS, type NewTrackedBet, type TrackedMarket, type TrackedSelection } from '@app/contracts/my-bets';
import { useState, type FormEvent } from 'react';

import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/filter-field';
import { SELECTION_LABELS } from '@/components/predictions/value-bet-line';
import { useAddBet } from '@/features/my-bets/api/my-bets';
import { BetInput, errorText, useCanTrackBets } from './take-bet';

export const MARKET_LABELS: Record<TrackedMarket, string> = { '1x2': 'Home / draw / away', ou25: 'Over/Under 2.5', ah: 'Asian handicap' };
const AH_SIDES: Record<string, string> = { home: 'Home side', away: 'Away side' };

/** A selection as a bet list shows it: "Home", "Over 2.5", "Away +0.25" (the line is the home side's handicap). */
export function selectionText(bet: { market: TrackedMarket; selection: TrackedSelection; line: number | null }): string {
  if (bet.market !== 'ah' || bet.line === null) return SELECTION_LABELS[bet.selection];
  const line = bet.selection === 'home' ? bet.line : -bet.line;
  return `${SELECTION_LABELS[bet.selection]} ${line > 0 ? '+' : ''}${line} (AH)`;
}

/**
 * A bet added by hand on a match the product covers: market, selection, line (Asian handicap),
 * price, book, stake and when it was placed. Hidden unless the viewer may add bets.
 */
export function HandEntryForm({ matches }: { matches: ReadonlyArray<{ fixtureId: string; label: string }> }) {
  const canTrack = useCanTrackBets();
  const [fixtureId, setFixtureId] = useState(matches[0]?.fixtureId ?? '');
  const [market, setMarket] = useState<TrackedMarket>('1x2');
  const [selection, setSelection] = useState<TrackedSelection>('home');
  const [line, setLine] = useState('0');
  const [price, setPrice] = useState('');
  const [bookmaker, setBookmaker] = useState('');
  const [stake, setStake] = useState('');
  const [placedAt, setPlacedAt] = useState('');
  const add = useAddBet();
  if (!canTrack || !matches.length) return null;
  const chooseMarket = (next: string) => {
    setMarket(next as TrackedMarket);
    setSelection(SELECTIONS_OF[next as TrackedMarket][0]!);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const bet: NewTrackedBet = {
      fixtureId: fixtureId || matches[0]!.fixtureId,
      market,
      selection,
      ...(market === 'ah' ? { line: Number(line) } : {}),
      price: Number(price),
      bookmaker: bookmaker.trim() || null,
      stake: Number(stake),
      ...(placedAt ? { placedAt: new Date(placedAt).toISOString() } : {}),
    };
    add.mutate(bet, { onSuccess: () => setPrice('') });
  };
  return (
    <form onSubmit={submit} aria-label="Add a bet by hand" className="space-y-3">
      {matches.length > 1 ? (
        <SelectField label="Match" value={fixtureId} onChange={setFixtureId}>
          {matches.map((m) => (
            <option key={m.fixtureId} value={m.fixtureId}>
              {m.label}
            </option>
          ))}
        </SelectField>
      ) : (
        <p className="text-sm">Match: {matches[0]!.label}</p>
      )}
      <div className="flex flex-wrap gap-2">
        <SelectField label="Market" value={market} onChange={chooseMarket}>
          {TRACKED_MARKETS.map((m) => (
            <option key={m} value={m}>
              {MARKET_LABELS[m]}
            </option>
          ))}
        </SelectField>
        <SelectField label="Selection" value={selection} onChange={(s) => setSelection(s as TrackedSelection)}>
          {SELECTIONS_OF[market].map((s) => (
            <option key={s} value={s}>
              {market === 'ah' ? AH_SIDES[s] : SELECTION_LABELS[s]}
            </option>
          ))}
        </SelectField>
        {market === 'ah' ? (
          <BetInput
            label="Home handicap line"
            value={line}
            onChange={setLine}
            step="0.25"
            min={-MAX_AH_LINE}
            max={MAX_AH_LINE}
            hint="The home side's line, e.g. -0.75; a quarter line settles as two half stakes"
          />
        ) : null}
      </div>
      <div className="flex flex-wrap gap-2">
        <BetInput label="Price" value={price} onChange={setPrice} step="0.01" />
        <BetInput label="Book" type="text" value={bookmaker} onChange={setBookmaker} />
        <BetInput label="Stake" value={stake} onChange={setStake} step="0.01" />
        <BetInput label="Placed at" type="datetime-local" value={placedAt} onChange={setPlacedAt} hint="Empty: now" />
      </div>
      {add.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {errorText(add.error)}
        </p>
      ) : add.isSuccess ? (
        <p role="status" className="text-sm font-medium text-success">
          Added to My bets.
        </p>
      ) : null}
      <Button type="submit" size="sm" disabled={add.isPending}>
        Add bet
      </Button>
    </form>
  );
}
