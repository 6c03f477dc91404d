import { BellRing } from 'lucide-react';
import { Link } from 'react-router-dom';

import { buttonStyles } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useAlerts } from '@/features/alerts/api/alerts';

const FREQUENCY_WORDS = { realtime: 'as they appear', daily: 'a daily digest', weekly: 'a weekly digest' } as const;

/**
 * After paying, alerts are still off (they are opt-in): while the subscriber's settings say so, one line asks them to
 * turn them on and links to where they are set; once on, it says how they come. Nothing while the settings load.
 */
export function AlertsPrompt() {
  const alerts = useAlerts({ enabled: true });
  const frequency = alerts.data?.settings.frequency;
  if (!frequency) return null;
  if (frequency !== 'off') {
    return <p className="mt-8 text-sm text-muted-foreground">Value-bet alerts are on ({FREQUENCY_WORDS[frequency]}): change them in Account Settings.</p>;
  }
  return (
    <div className="mt-8 flex flex-col items-center gap-3 rounded-xl border border-border bg-surface px-4 py-4" data-testid="alerts-prompt">
      <p className="flex items-center gap-2 text-sm font-medium">
        <BellRing aria-hidden="true" className="size-5 shrink-0 text-primary" />
        Value-bet alerts are off: turn them on to be emailed when a bookmaker prices a match above its fair price.
      </p>
      <Link to={paths.account.getHref()} className={buttonStyles({ variant: 'outline', size: 'sm' })}>
        Turn on alerts
      </Link>
    </div>
  );
}
