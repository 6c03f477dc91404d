import { ArrowRight, CalendarClock, Layers, LineChart } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

import { buttonStyles } from '@/components/ui/button';
import { paths } from '@/config/paths';

const HIGHLIGHTS = [
  { icon: Layers, text: 'Three weighted models' },
  { icon: CalendarClock, text: 'Regenerated daily' },
  { icon: LineChart, text: 'Track record from real results' },
];

/**
 * docs/product.md#landing: 'AI-Powered Football Predictions' with 'Get Started' and 'View Predictions';
 * `aside` is the 'Live Performance' card (composed by the landing route). 'Get Started' goes to
 * /login (in sign-up mode: `/login?mode=signup`; /signup stays as its alias), or to /predictions
 * for a signed-in user (docs/decisions/0200-sign-up-signs-in.md).
 */
export function Hero({ aside, signedIn = false }: { aside?: ReactNode; signedIn?: boolean }) {
  return (
    <section aria-labelledby="hero-heading" className="bg-gradient-to-b from-primary-soft to-background">
      <div className="mx-auto grid max-w-7xl gap-12 px-4 py-16 sm:px-6 sm:py-20 lg:grid-cols-[3fr_2fr] lg:items-center lg:px-8">
        <div className="max-w-3xl">
          <p className="text-sm font-semibold tracking-wide text-primary uppercase">Football match predictions</p>
          <h1 id="hero-heading" className="mt-3 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl">
            AI-Powered Football Predictions
          </h1>
          <p className="mt-6 max-w-2xl text-lg text-muted-foreground sm:text-xl">
            Win, draw and Over/Under 2.5 goals probabilities for upcoming matches, from three models combined and measured against real results.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Link to={signedIn ? paths.predictions.getHref() : paths.auth.login.getHref({ mode: 'signup' })} className={buttonStyles({ size: 'lg' })}>
              Get Started
              <ArrowRight aria-hidden="true" />
            </Link>
            <Link to={paths.predictions.getHref()} className={buttonStyles({ variant: 'outline', size: 'lg' })}>
              View Predictions
            </Link>
          </div>
          <ul className="mt-10 flex flex-col gap-3 text-sm text-muted-foreground sm:flex-row sm:flex-wrap sm:gap-6">
            {HIGHLIGHTS.map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-center gap-2">
                <Icon aria-hidden="true" className="size-4 text-primary" />
                {text}
              </li>
            ))}
          </ul>
        </div>
        {aside ? <div className="w-full max-w-md lg:justify-self-end">{aside}</div> : null}
      </div>
    </section>
  );
}
