import {
  ALERT_MARKETS,
  DEFAULT_ALERTS_PER_DAY,
  MAX_ALERTS_PER_DAY,
  MAX_BANKROLL_USD,
  MIN_BANKROLL_USD,
  type AlertSettings,
  type AlertsView,
} from '@app/contracts/alerts';
import { KELLY_CAP_UNITS, type StakePlan } from '@app/contracts/rules';
import { BellRing } from 'lucide-react';
import type { FormEvent } from 'react';

import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { toast } from '@/components/ui/toast';
import { useAlerts, useSaveAlerts } from '@/features/alerts/api/alerts';
import { apiErrorMessage } from '@/lib/api-client';

const MARKET_LABELS: Record<(typeof ALERT_MARKETS)[number], string> = { '1x2': 'Home / draw / away', ou25: 'Over / Under 2.5' };
const FREQUENCY_LABELS: Record<AlertSettings['frequency'], string> = {
  realtime: 'As they appear',
  daily: 'Daily digest',
  weekly: 'Weekly digest (Mondays)',
  off: 'Off',
};
/** The stake plans as the form names them (docs/decisions/0320-a-stake-on-every-flag.md). */
export const STAKE_PLAN_LABELS: Record<StakePlan, string> = {
  flat: 'Flat: 1% of the bankroll on every value bet',
  kelly: `Quarter-Kelly: from the fair probability and the price, at most ${KELLY_CAP_UNITS}% of the bankroll`,
};
const SAVED: Record<Exclude<AlertSettings['frequency'], 'off'>, string> = {
  realtime: 'An email within minutes of each new value bet that matches',
  daily: 'A daily digest of the value bets that match',
  weekly: 'A weekly digest (Mondays) of the value bets that match',
};

function Checkboxes({
  legend,
  name,
  options,
  checked,
}: {
  legend: string;
  name: string;
  options: Array<{ value: string; label: string }>;
  checked: readonly string[];
}) {
  return (
    <fieldset className="space-y-1">
      <legend className="text-sm font-medium">{legend}</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        {options.map((o) => (
          <label key={o.value} className="flex items-center gap-1.5 text-sm">
            <input type="checkbox" name={name} value={o.value} defaultChecked={checked.includes(o.value)} />
            {o.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function Form({ view }: { view: AlertsView }) {
  const save = useSaveAlerts();
  const { settings, options } = view;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const next: AlertSettings = {
      frequency: String(data.get('frequency')) as AlertSettings['frequency'],
      leagues: data.getAll('leagues').map(String),
      minEdge: Number(data.get('minEdge')),
      bookmakers: data.getAll('bookmakers').map(String),
      markets: data.getAll('markets').map(String) as AlertSettings['markets'],
      maxPerDay: Number(data.get('maxPerDay')),
      stakePlan: String(data.get('stakePlan')) as StakePlan,
      // an empty field: no bankroll, the stakes shown as a share only
      ...(String(data.get('bankroll') ?? '').trim() ? { bankroll: Number(data.get('bankroll')) } : {}),
    };
    if (next.markets.length === 0) {
      toast({ title: 'Choose a market', description: 'Alerts need at least one market.', variant: 'destructive' });
      return;
    }
    save.mutate(next, {
      onSuccess: () =>
        toast({
          title: 'Alerts saved',
          description: next.frequency === 'off' ? 'You will get no alert emails.' : `${SAVED[next.frequency]}, at most ${next.maxPerDay} a day.`,
          variant: 'success',
        }),
      onError: (error) => toast({ title: 'Alerts not saved', description: apiErrorMessage(error) ?? 'Please try again.', variant: 'destructive' }),
    });
  };
  return (
    <form onSubmit={onSubmit} className="mt-4 space-y-4">
      <label className="block text-sm font-medium">
        Email
        <select
          name="frequency"
          defaultValue={settings.frequency}
          className="mt-1 block w-full rounded-md border border-border bg-background px-3 py-2 text-sm"
        >
          {(['realtime', 'daily', 'weekly', 'off'] as const).map((f) => (
            <option key={f} value={f}>
              {FREQUENCY_LABELS[f]}
            </option>
          ))}
        </select>
      </label>
      <label className="block text-sm font-medium">
        At most this many alert emails a day
        <input
          name="maxPerDay"
          type="number"
          min={1}
          max={MAX_ALERTS_PER_DAY}
          step={1}
          required
          defaultValue={settings.maxPerDay ?? DEFAULT_ALERTS_PER_DAY}
          className="mt-1 block w-32 rounded-md border border-border bg-background px-3 py-2 text-sm"
        />
      </label>
      <label className="block text-sm font-medium">
        Minimum edge (expected value, % of the stake)
        <input
          name="minEdge"
          type="number"
          min={0}
          max={100}
          step={0.5}
          defaultValue={settings.minEdge}
          className="mt-1 block w-32 rounded-md border border-border bg-background px-3 py-2 text-sm"
        />
      </label>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">Suggested stakes</legend>
        <label className="block text-sm">
          Bankroll (US dollars; empty: stakes shown as a share only)
          <input
            name="bankroll"
            type="number"
            min={MIN_BANKROLL_USD}
            max={MAX_BANKROLL_USD}
            step={1}
            defaultValue={settings.bankroll ?? ''}
            className="mt-1 block w-40 rounded-md border border-border bg-background px-3 py-2 text-sm"
          />
        </label>
        <label className="block text-sm">
          Stake plan
          <select
            name="stakePlan"
            defaultValue={settings.stakePlan ?? 'flat'}
            className="mt-1 block w-full rounded-md border border-border bg-background px-3 py-2 text-sm"
          >
            {(['flat', 'kelly'] as const).map((plan) => (
              <option key={plan} value={plan}>
                {STAKE_PLAN_LABELS[plan]}
              </option>
            ))}
          </select>
        </label>
      </fieldset>
      <Checkboxes
        legend="Leagues (none ticked: all)"
        name="leagues"
        options={options.leagues.map((l) => ({ value: l.id, label: l.name }))}
        checked={settings.leagues}
      />
      <Checkboxes
        legend="Bookmakers you hold an account with (none ticked: any)"
        name="bookmakers"
        options={options.bookmakers.map((b) => ({ value: b, label: b }))}
        checked={settings.bookmakers}
      />
      <Checkboxes legend="Markets" name="markets" options={ALERT_MARKETS.map((m) => ({ value: m, label: MARKET_LABELS[m] }))} checked={settings.markets} />
      <Button type="submit" disabled={save.isPending}>
        Save alerts
      </Button>
    </form>
  );
}

/**
 * Value-bet alerts (premium): which value bets are emailed, how soon and how many a day. Every email carries a one-click unsubscribe.
 * A value bet is a price above our fair price, not a sure win: the card says so, and so does every email.
 */
export function AlertSettingsCard() {
  const alerts = useAlerts({ enabled: true });
  return (
    <Card>
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <BellRing aria-hidden="true" className="size-5" />
        Value-bet alerts
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        As they appear (an email within minutes of a new value bet that matches, up to your daily limit), or one digest per morning run (or a weekly one).
        Nothing is sent during a break or a self-exclusion. Value bets lose more often than they win; the track record shows how they did. 18+.
      </p>
      {alerts.data ? (
        <Form view={alerts.data} />
      ) : (
        <p className="mt-4 text-sm text-muted-foreground">{alerts.isError ? 'Alerts could not be loaded.' : 'Loading alerts…'}</p>
      )}
    </Card>
  );
}
