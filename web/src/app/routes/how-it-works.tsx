import { Activity, BarChart3, BrainCircuit, Database, Filter, Goal, Layers, RefreshCw, Scale, ShieldCheck, TrendingUp } from 'lucide-react';
import { Link } from 'react-router-dom';

import { ContentLayout } from '@/components/layouts/content-layout';
import { buttonStyles } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { BACKTEST, HIGH_CONFIDENCE_THRESHOLD, MEMORY_WEIGHTS, MODELS, STAKE_USD } from '@/config/product';
import { formatCount, formatPercent } from '@/utils/format';

const MODEL_DETAILS: Record<(typeof MODELS)[number]['name'], { icon: typeof Activity; text: string }> = {
  'Statistical learning': {
    icon: BarChart3,
    text: "Estimates each team's attacking and defensive strength and home advantage from recent goals and shots (shots on target tell more about the chances a team creates than goals alone), giving more weight to recent matches. It yields scoreline probabilities, which also give the Over/Under 2.5 goals probability.",
  },
  'Football-optimised AI': {
    icon: BrainCircuit,
    text: 'A learned model that starts from a dynamic model of each team’s goals and weighs the other ratings, form, rest days and shot trends, trained only on matches played before the one it predicts.',
  },
  'Dynamic team rating': {
    icon: TrendingUp,
    text: 'Ratings updated after every match from the result and the shots: beating a strong side counts for more than beating a weak one, home and away form are rated separately, and teams we know less about (promoted, or at a season’s start) are re-rated faster.',
  },
};

const STEPS = [
  {
    icon: Database,
    title: 'Collect the data',
    text: 'Fixtures, results and match statistics come from a live football data provider, and bookmaker odds from an odds provider.',
  },
  {
    icon: Layers,
    title: 'Run three models',
    text: 'Each model estimates the chances of a home win, a draw and an away win from football data alone: none of them reads a bookmaker price.',
  },
  {
    icon: Scale,
    title: 'Combine the forecasts',
    text: `The three forecasts are blended into our models' probabilities, Over/Under 2.5 goals included, with weights learned from each league's past forecasts and kept close to ${MODELS.map((model) => `${model.weight}%`).join(', ')}. When the match has bookmaker odds, those are combined with the market's, as explained below.`,
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
  {
    icon: TrendingUp,
    title: 'Value-bet flags',
    text: 'Highlighted when a listed bookmaker’s price, seen in the last few minutes, is at least 5% above the sharp fair price; withdrawn when the edge is gone. In our backtest they beat the closing price, but their profit is too uncertain to promise.',
  },
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

/** 1.025 -> '2.5%': how far a ratio of scores is behind the benchmark. */
const pctBehind = (ratio: number) => formatPercent((ratio - 1) * 100);

/** A fraction with its interval, signed percent: '-3.3% (-5.1% to -1.4%)'. */
const withRange = (value: number, low: number, high: number) => {
  const signed = (x: number) => formatPercent(x * 100, { signed: true });
  return `${signed(value)} (${signed(low)} to ${signed(high)})`;
};
const returnWithRange = (v: { roi: number; roiLow: number; roiHigh: number }) => withRange(v.roi, v.roiLow, v.roiHigh);
const clvWithRange = (v: { clv: number; clvLow: number; clvHigh: number }) => withRange(v.clv, v.clvLow, v.clvHigh);

export default function HowItWorksRoute() {
  return (
    <ContentLayout
      title="How It Works"
      description="Our predictions combine three weighted models built on football data, weigh them against bookmaker odds when there are any, and are regenerated daily."
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

      <section aria-labelledby="odds-heading" className="mt-16">
        <h2 id="odds-heading" className="text-2xl font-bold tracking-tight">
          How we use bookmaker odds
        </h2>
        <div className="mt-4 max-w-3xl space-y-3 text-muted-foreground">
          <p>
            Our models never see a bookmaker price. When a match has odds, we remove the bookmaker&apos;s margin to get the market&apos;s fair probabilities and
            combine them with our models&apos; forecast. How much weight our models get is learned from past matches only, league by league, and they get none
            unless they have beaten the market there clearly.
          </p>
          <p>
            So far they have not, so when a match has odds the probabilities we publish are the market&apos;s fair price: the bookmakers&apos; prices with their
            margin removed. Premium cards show our models&apos; probabilities next to it, so you can see where they disagree.
          </p>
          <p>
            When a match has no odds of its own yet (we publish it before its bookmakers open their market, our odds provider does not cover its league, or the
            odds feed fails), we forecast it from past market prices: team ratings fitted to the closing odds of the league&apos;s earlier matches, never its
            own, pooled with our models ({MEMORY_WEIGHTS.memory}% past market prices, {MEMORY_WEIGHTS.models}% our models). The card says &quot;Forecast from
            past market prices and our models&quot;. In a separate backtest (2020-21 to 2022-23, 10,568 matches) this was 1.05% behind Pinnacle&apos;s closing
            odds (0.70%–1.38%), against 2.1% for our models alone on the same matches. Where a league has no recent prices at all, the forecast is our
            models&apos; alone, and the card says so.
          </p>
          <p>
            The league pages&apos; chances (title, top four, relegation) play the rest of the season 10,000 times. Where the league&apos;s recent matches were
            priced, every remaining match is drawn from the same ratings past market prices imply; otherwise from our models. Scored at rounds 10, 20 and 30 of
            21 league seasons (2020-21 to 2022-23) against the final tables, these chances came closer than our models&apos; (Brier score, lower is better:
            title 0.0142 against 0.0156, top four 0.0513 against 0.0541, relegation 0.0614 against 0.0632), and closer than projecting each club&apos;s points
            per game. They are still too cautious about the leaders: clubs given 75-90% went on to do it more often than that.
          </p>
        </div>
        <h3 className="mt-8 text-lg font-semibold">How good are the forecasts?</h3>
        <p className="mt-2 max-w-3xl text-sm text-muted-foreground">
          A walk-forward backtest on {BACKTEST.matches.toLocaleString('en-GB')} matches of {BACKTEST.leagues} leagues ({BACKTEST.seasons}) that replays what
          this service does: it starts with four seasons of history, refits every morning on the results and match statistics it would have had by then, and
          forecasts each match from that morning&apos;s data only. Scored with the ranked probability score (lower is better) against Pinnacle&apos;s closing
          odds, the sharpest public benchmark ({BACKTEST.pinnacleClosingRps.toFixed(4)}). Ranges are 95% intervals.
        </p>
        <div className="mt-4 overflow-x-auto">
          <table className="w-full max-w-3xl text-sm">
            <caption className="sr-only">Backtest of the forecasts against Pinnacle&apos;s closing odds</caption>
            <thead>
              <tr className="border-b border-border text-left">
                <th scope="col" className="py-2 pr-4 font-semibold">
                  Forecast
                </th>
                <th scope="col" className="py-2 pr-4 text-right font-semibold">
                  Score
                </th>
                <th scope="col" className="py-2 text-right font-semibold">
                  vs closing odds
                </th>
              </tr>
            </thead>
            <tbody>
              <tr className="border-b border-border">
                <th scope="row" className="py-2 pr-4 text-left font-normal">
                  Our models alone, no odds at all
                </th>
                <td className="py-2 pr-4 text-right tabular-nums">{BACKTEST.modelsOnly.rps.toFixed(4)}</td>
                <td className="py-2 text-right tabular-nums">
                  {pctBehind(BACKTEST.modelsOnly.ratio)} behind ({pctBehind(BACKTEST.modelsOnly.ratioLow)}–{pctBehind(BACKTEST.modelsOnly.ratioHigh)})
                </td>
              </tr>
              <tr>
                <th scope="row" className="py-2 pr-4 text-left font-normal">
                  Published forecast with pre-kickoff odds (the market&apos;s fair price)
                </th>
                <td className="py-2 pr-4 text-right tabular-nums">{BACKTEST.withOdds.rps.toFixed(4)}</td>
                <td className="py-2 text-right tabular-nums">
                  {pctBehind(BACKTEST.withOdds.ratio)} behind ({pctBehind(BACKTEST.withOdds.ratioLow)}–{pctBehind(BACKTEST.withOdds.ratioHigh)})
                </td>
              </tr>
            </tbody>
          </table>
        </div>
        <h3 className="mt-8 text-lg font-semibold">Did the value bets beat the closing price?</h3>
        <p className="mt-2 max-w-3xl text-sm text-muted-foreground">
          The flags did beat the closing price, which is how an edge is judged; whether they make money is not reliably known. On 2019-20 to 2022-23 (a rule
          chosen on earlier seasons and fixed before this test), a flag is a listed bookmaker&apos;s price at least 5% above Pinnacle&apos;s fair price. Closing
          line value is how much better the price taken was than the fair closing price; the return is one unit on every bet, on the amount staked. Only{' '}
          {BACKTEST.valueBets.flagged.bets} bets in four seasons: a small sample.
        </p>
        <div className="mt-4 overflow-x-auto">
          <table className="w-full max-w-3xl text-sm">
            <caption className="sr-only">Backtest of the value bets</caption>
            <thead>
              <tr className="border-b border-border text-left">
                <th scope="col" className="py-2 pr-4 font-semibold">
                  Value bets
                </th>
                <th scope="col" className="py-2 pr-4 text-right font-semibold">
                  Bets
                </th>
                <th scope="col" className="py-2 pr-4 text-right font-semibold">
                  Closing line value
                </th>
                <th scope="col" className="py-2 text-right font-semibold">
                  Return
                </th>
              </tr>
            </thead>
            <tbody>
              <tr className="border-b border-border">
                <th scope="row" className="py-2 pr-4 text-left font-normal">
                  Flagged on this site: a listed bookmaker above Pinnacle&apos;s fair price
                </th>
                <td className="py-2 pr-4 text-right tabular-nums">{formatCount(BACKTEST.valueBets.flagged.bets)}</td>
                <td className="py-2 pr-4 text-right tabular-nums">{clvWithRange(BACKTEST.valueBets.flagged)}</td>
                <td className="py-2 text-right tabular-nums">{returnWithRange(BACKTEST.valueBets.flagged)}</td>
              </tr>
              <tr>
                <th scope="row" className="py-2 pr-4 text-left font-normal">
                  Our models&apos; probabilities alone at the same books
                </th>
                <td className="py-2 pr-4 text-right tabular-nums">{formatCount(BACKTEST.valueBets.modelsAlone.bets)}</td>
                <td className="py-2 pr-4 text-right tabular-nums">{clvWithRange(BACKTEST.valueBets.modelsAlone)}</td>
                <td className="py-2 text-right tabular-nums">{returnWithRange(BACKTEST.valueBets.modelsAlone)}</td>
              </tr>
            </tbody>
          </table>
        </div>
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
