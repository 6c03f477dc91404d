import type { User } from '@app/contracts/auth';
import {
  BREAK_DURATION_KEYS,
  BREAK_DURATIONS,
  CONFIRM_ADDRESS_FIRST_MESSAGE,
  SELF_EXCLUSION_MONTHS,
  type BreakDuration,
} from '@app/contracts/responsible-gambling';
import { Coffee, LifeBuoy, Lock } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';

import { Button } from '@/components/ui/button';
import { CheckboxField, InputField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { useSelfExclude, useTakeBreak } from '@/features/responsible-gambling/api/protections';
import { apiErrorMessage, apiFieldErrors } from '@/lib/api-client';
import { useEndSession } from '@/lib/auth';
import { formatDateTime, formatLongDate } from '@/utils/format';

const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * A length is offered only when it ends at least this long after the running break: a device
 * clock a little ahead of the server's would otherwise offer a length the server refuses as not
 * longer (409).
 */
const LONGER_BY_MS = 60 * 60 * 1000;

/** When a break of `duration` taken now would end. */
const endOf = (duration: BreakDuration, now: number) => new Date(now + BREAK_DURATIONS[duration].days * DAY_MS);

/** The break's lengths as radio buttons; a length that would end before the running break is disabled. */
function BreakLengths({
  name,
  legend,
  chosen,
  available,
  onChoose,
}: {
  name: string;
  legend: string;
  chosen: BreakDuration;
  available: BreakDuration[];
  onChoose: (d: BreakDuration) => void;
}) {
  return (
    <fieldset className="mt-3">
      <legend className="text-sm font-medium">{legend}</legend>
      <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
        {BREAK_DURATION_KEYS.map((d) => (
          <label key={d} className="inline-flex items-center gap-2 text-sm">
            <input
              type="radio"
              name={name}
              value={d}
              checked={chosen === d}
              disabled={!available.includes(d)}
              onChange={() => onChoose(d)}
              className="size-4 accent-primary"
            />
            {BREAK_DURATIONS[d].label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Take a break: 24 hours, 7 days or 30 days; only a length that ends clearly after the running break can be chosen. */
function TakeBreak({ user }: { user: User }) {
  const name = useId();
  // When the page opened: which lengths would end after the running break.
  const [openedAt] = useState(Date.now);
  const running = user.breakUntil ? Date.parse(user.breakUntil) : 0;
  const available = BREAK_DURATION_KEYS.filter((d) => endOf(d, openedAt).getTime() > running + LONGER_BY_MS);
  const [duration, setDuration] = useState<BreakDuration | undefined>(available[0]);
  /** The end the confirmation names, computed when it is asked for; null while not confirming. */
  const [confirming, setConfirming] = useState<Date | null>(null);
  const take = useTakeBreak({
    mutationConfig: {
      onSuccess: () => {
        setConfirming(null);
        // until when: said once, by the section's notice (a toast saying it again would make two on the page)
        toast({ title: 'Break started', variant: 'success' });
      },
      onError: (error) => toast({ title: 'Could not start the break', description: apiErrorMessage(error) ?? 'Please try again.', variant: 'destructive' }),
    },
  });
  const chosen = duration && available.includes(duration) ? duration : available[0];

  return (
    <div>
      <h3 className="flex items-center gap-2 font-semibold">
        <Coffee aria-hidden="true" className="size-4" />
        Take a break
      </h3>
      {user.breakUntil ? (
        <p role="status" className="mt-2 rounded-lg border border-border bg-surface px-3 py-2 text-sm font-medium">
          You are taking a break until {formatDateTime(user.breakUntil)}. Odds, probabilities and value flags are hidden until then.
        </p>
      ) : null}
      <p className="mt-2 text-sm text-muted-foreground">
        While a break runs we show you no odds, probabilities or value flags, and send you no email except what you need to sign in. It cannot be shortened.
      </p>
      {chosen ? (
        <>
          <BreakLengths
            name={name}
            legend={user.breakUntil ? 'Extend the break to' : 'Length of the break'}
            chosen={chosen}
            available={available}
            onChoose={(d) => {
              setDuration(d);
              setConfirming(null);
            }}
          />
          {confirming ? (
            <div role="group" aria-labelledby={`${name}-confirm`} className="mt-3 rounded-xl border border-border bg-surface p-4">
              <p id={`${name}-confirm`} className="text-sm">
                Take a break of {BREAK_DURATIONS[chosen].label}, until {formatDateTime(confirming.toISOString())}? You cannot shorten it once it has started.
              </p>
              <div className="mt-3 flex flex-wrap gap-2">
                <Button size="sm" disabled={take.isPending} onClick={() => take.mutate({ duration: chosen })}>
                  {take.isPending ? 'Starting...' : 'Yes, take a break'}
                </Button>
                <Button variant="outline" size="sm" disabled={take.isPending} onClick={() => setConfirming(null)}>
                  Not now
                </Button>
              </div>
            </div>
          ) : (
            <Button variant="outline" className="mt-3" disabled={!user.emailVerified} onClick={() => setConfirming(endOf(chosen, Date.now()))}>
              {user.breakUntil ? 'Extend the break' : 'Take a break'}
            </Button>
          )}
        </>
      ) : null}
    </div>
  );
}

/** Self-exclusion for six months, confirmed with the password and an explicit box. */
function SelfExclusion({ confirmed }: { confirmed: boolean }) {
  const [open, setOpen] = useState(false);
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});
  const endSession = useEndSession();
  const exclude = useSelfExclude({
    mutationConfig: {
      onSuccess: async ({ excludedUntil }) => {
        toast({
          title: 'Self-exclusion confirmed',
          description: `Your account is locked until ${formatLongDate(excludedUntil)}. You have been signed out.`,
          variant: 'success',
        });
        await endSession();
      },
      onError: (error) => {
        const message = apiErrorMessage(error) ?? 'Please try again.';
        setErrors({ password: apiFieldErrors(error).password ?? message });
        toast({ title: 'Could not exclude the account', description: message, variant: 'destructive' });
      },
    },
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    if (data.get('confirm') !== 'on') {
      setErrors({ confirm: `Tick the box to confirm that you want to exclude yourself for ${SELF_EXCLUSION_MONTHS} months.` });
      return;
    }
    setErrors({});
    exclude.mutate({ password: String(data.get('password') ?? ''), confirm: true });
  };

  return (
    <div>
      <h3 className="flex items-center gap-2 font-semibold">
        <Lock aria-hidden="true" className="size-4" />
        Self-exclusion
      </h3>
      <p className="mt-2 text-sm text-muted-foreground">
        Locks your account for {SELF_EXCLUSION_MONTHS} months: your subscription is cancelled at the end of the period you paid for, you are signed out
        everywhere, and you cannot sign in again until the {SELF_EXCLUSION_MONTHS} months are over.
      </p>
      {open ? (
        <form onSubmit={onSubmit} aria-label="Self-exclusion" className="mt-3 space-y-3 rounded-xl border border-red-200 bg-red-50 p-4">
          <InputField label="Password" name="password" type="password" autoComplete="current-password" required error={errors.password} />
          <CheckboxField
            name="confirm"
            aria-required="true"
            error={errors.confirm}
            label={`I want my account locked for ${SELF_EXCLUSION_MONTHS} months, and I understand it cannot be reopened sooner`}
          />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" variant="destructive" size="sm" disabled={exclude.isPending}>
              {exclude.isPending ? 'Excluding...' : `Exclude me for ${SELF_EXCLUSION_MONTHS} months`}
            </Button>
            <Button type="button" variant="outline" size="sm" disabled={exclude.isPending} onClick={() => setOpen(false)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <Button variant="outline" className="mt-3" disabled={!confirmed} onClick={() => setOpen(true)}>
          Self-exclude
        </Button>
      )}
    </div>
  );
}

/** The account's responsible-gambling tools (docs/responsible-gambling.md): a break, self-exclusion and where help is. */
export function ProtectionsSection({ user }: { user: User }) {
  return (
    <section aria-labelledby="protections-heading" className="rounded-2xl border border-border bg-background p-6 shadow-sm">
      <h2 id="protections-heading" className="text-lg font-semibold">
        Responsible gambling
      </h2>
      <div className="mt-4 space-y-6">
        {user.emailVerified ? null : (
          // M1: both lock the account, so they wait for a proved address (docs/decisions/0280-protections-only-on-a-confirmed-address.md).
          <p role="note" className="rounded-lg border border-border bg-surface px-3 py-2 text-sm font-medium">
            {CONFIRM_ADDRESS_FIRST_MESSAGE}
          </p>
        )}
        <TakeBreak user={user} />
        <SelfExclusion confirmed={user.emailVerified} />
        <p className="flex items-start gap-2 text-sm text-muted-foreground">
          <LifeBuoy aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            Worried about your gambling?{' '}
            <Link to={paths.responsibleGambling.getHref()} className="font-medium text-primary underline underline-offset-4">
              Where to get help, and what a probability does not promise
            </Link>
          </span>
        </p>
      </div>
    </section>
  );
}
