import { BrainCircuit, Filter, Goal, LineChart, Lock, Sparkles } from 'lucide-react';

import { HIGH_CONFIDENCE_THRESHOLD, MODELS, STAKE_USD } from '@/config/product';

const FEATURES = [
  {
    icon: BrainCircuit,
    title: 'Three weighted models',
    text: `${MODELS.map((model) => `${model.name} ${model.weight}%`).join(', ')}: combined into one forecast per match, regenerated daily.`,
  },
  { icon: Goal, title: 'Win, draw and away probabilities', text: 'Every fixture gets three probabilities that add up to 100%, plus Over/Under 2.5 goals.' },
  { icon: Sparkles, title: 'Value-bet flags', text: "Highlighted when our probability beats what the bookmaker's odds imply." },
  {
    icon: LineChart,
    title: 'Live track record',
    text: `Win accuracy, profit at a $${STAKE_USD} stake and payout, computed from real completed matches.`,
  },
  { icon: Filter, title: 'High-confidence filters', text: `Focus on predictions at ${HIGH_CONFIDENCE_THRESHOLD}% or more, for the result or for goals.` },
  { icon: Lock, title: 'Frozen at kickoff', text: 'Predictions never change after a match starts, so every result can be checked.' },
];

/** The landing page's feature cards. */
export function FeatureCards() {
  return (
    <section aria-labelledby="features-heading" className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
      <div className="max-w-2xl">
        <h2 id="features-heading" className="text-3xl font-bold tracking-tight">
          Why fans use our predictions
        </h2>
        <p className="mt-3 text-lg text-muted-foreground">Data-driven forecasts for every upcoming match, with nothing hidden about how they perform.</p>
      </div>
      <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {FEATURES.map(({ icon: Icon, title, text }) => (
          <li key={title} className="rounded-2xl border border-border bg-background p-6 shadow-sm">
            <span className="flex size-10 items-center justify-center rounded-xl bg-primary-soft">
              <Icon aria-hidden="true" className="size-5 text-primary" />
            </span>
            <h3 className="mt-4 font-semibold">{title}</h3>
            <p className="mt-2 text-sm text-muted-foreground">{text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
