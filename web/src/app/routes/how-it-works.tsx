import { Activity, BarChart3, BrainCircuit, Database, Filter, Goal, Layers, RefreshCw, Scale, ShieldCheck, TrendingUp } from 'lucide-react';
import { Link } from 'react-router-dom';

import { ContentLayout } from '@/components/layouts/content-layout';
import { buttonStyles } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { HIGH_CONFIDENCE_THRESHOLD, MODELS, STAKE_USD } from '@/config/product';

const MODEL_DETAILS: Record<(typeof MODELS)[number]['name'], { icon: typeof Activity; text: string }> = {
  'Statistical learning': {
    icon: BarChart3,
    text: "Estimates each team's attacking and defensive strength and home advantage from recent results, giving more weight to recent matches. It yields scoreline probabilities, which also give the Over/Under 2.5 goals probability.",
  },
  'Football-optimised AI': {
    icon: BrainCircuit,
    text: 'Ratings designed for football that learn from goal differences and treat home and away form separately, so they react to how a team actually plays.',
  },
  'Dynamic team rating': {
    icon: TrendingUp,
    text: 'A rating updated after every match: beating a strong side counts for more than beating a weak one, so rising and falling teams show up quickly.',
  },
};

const STEPS = [
  {
    icon: Database,
    title: 'Collect the data',
    text: 'Fixtures and results come from a live football data provider, and bookmaker odds from an odds provider.',
  },
  {
    icon: Layers,
    title: 'Run three models',
    text: 'Each model independently estimates the chances of a home win, a draw and an away win.',
  },
  {
    icon: Scale,
    title: 'Combine the forecasts',
    text: `The forecasts are blended with fixed weights (${MODELS.map((model) => `${model.weight}%`).join(', ')}) into one set of probabilities, plus Over/Under 2.5 goals.`,
  },
  {
    icon: RefreshCw,
    title: 'Publish and keep score',
    text: 'Predictions are regenerated daily and frozen at kickoff. Once matches finish, the results update our performance metrics.',
  },
];

const FEATURES = [
  { icon: Goal, title: 'Win, draw and away probabilities', text: 'Every fixture gets three probabilities that add up to 100%.' },
  { icon: Activity, title: 'Over/Under 2.5 goals', text: 'The chance of three or more goals; under is 100 minus over.' },
  { icon: TrendingUp, title: 'Value-bet flags', text: "Highlighted when our probability is higher than the bookmaker's odds imply." },
  {
    icon: BarChart3,
    title: 'Live performance metrics',
    text: `Win accuracy, profit at a $${STAKE_USD} stake and payout percentage, computed from real completed matches.`,
  },
  {
    icon: Filter,
    title: 'High-confidence filters',
    text: `Focus on predictions at ${HIGH_CONFIDENCE_THRESHOLD}% or more, for the match result or for goals.`,
  },
  { icon: ShieldCheck, title: 'An honest track record', text: 'Predictions cannot change after kickoff, so past results can be checked.' },
];

export default function HowItWorksRoute() {
  return (
    <ContentLayout
      title="How It Works"
      description="Our predictions combine three weighted models, use live football data and bookmaker odds, and are regenerated daily."
    >
      <section aria-labelledby="models-heading">
        <h2 id="models-heading" className="text-2xl font-bold tracking-tight">
          Three models, one prediction
        </h2>
        <div className="mt-6 grid gap-6 md:grid-cols-3">
          {MODELS.map((model) => {
            const { icon: Icon, text } = MODEL_DETAILS[model.name];
            return (
              <Card key={model.name} className="flex flex-col">
                <div className="flex items-center justify-between gap-4">
                  <Icon aria-hidden="true" className="size-8 text-primary" />
                  <p className="text-3xl font-bold text-primary">
                    {model.weight}%<span className="sr-only"> weight</span>
                  </p>
                </div>
                <h3 className="mt-4 text-lg font-semibold">{model.name}</h3>
                <p className="mt-2 text-sm text-muted-foreground">{text}</p>
              </Card>
            );
          })}
        </div>
      </section>

      <section aria-labelledby="process-heading" className="mt-16">
        <h2 id="process-heading" className="text-2xl font-bold tracking-tight">
          The process in four steps
        </h2>
        <ol className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {STEPS.map(({ icon: Icon, title, text }, index) => (
            <li key={title} className="rounded-2xl border border-border bg-surface p-6">
              <div className="flex items-center gap-3">
                <span className="flex size-9 items-center justify-center rounded-full bg-primary font-bold text-primary-foreground">{index + 1}</span>
                <Icon aria-hidden="true" className="size-6 text-primary" />
              </div>
              <h3 className="mt-4 font-semibold">{title}</h3>
              <p className="mt-2 text-sm text-muted-foreground">{text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="features-heading" className="mt-16">
        <h2 id="features-heading" className="text-2xl font-bold tracking-tight">
          Features
        </h2>
        <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex gap-4">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary-soft">
                <Icon aria-hidden="true" className="size-5 text-primary" />
              </span>
              <div>
                <h3 className="font-semibold">{title}</h3>
                <p className="mt-1 text-sm text-muted-foreground">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <div className="mt-16 flex flex-col gap-3 rounded-2xl bg-primary-soft p-8 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-lg font-semibold">Ready to see today&apos;s predictions?</p>
        <div className="flex flex-col gap-3 sm:flex-row">
          <Link to={paths.predictions.getHref()} className={buttonStyles()}>
            View Predictions
          </Link>
          <Link to={paths.pricing.getHref()} className={buttonStyles({ variant: 'outline' })}>
            See pricing
          </Link>
        </div>
      </div>
    </ContentLayout>
  );
}
