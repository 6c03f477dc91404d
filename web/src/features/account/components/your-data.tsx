import { Download } from 'lucide-react';

import { buttonStyles } from '@/components/ui/button';
import { Card } from '@/components/ui/card';

/** "Download my data": a plain link, so the browser saves the server's JSON attachment with the session cookie. */
export function YourDataSection() {
  return (
    <Card>
      <h2 className="text-lg font-semibold">Your data</h2>
      <p className="mt-2 text-sm text-muted-foreground">
        A copy of everything we hold about you: your account, your subscription history, your messages to us, your alert settings and your tracked bets, as a
        JSON file.
      </p>
      <a href="/api/account/export" download className={buttonStyles({ variant: 'outline', className: 'mt-4' })}>
        <Download aria-hidden="true" />
        Download my data
      </a>
    </Card>
  );
}
