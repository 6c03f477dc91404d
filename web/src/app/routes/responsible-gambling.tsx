import type { LosingRuns } from '@app/contracts/responsible-gambling';
import { SELF_EXCLUSION_MONTHS } from '@app/contracts/responsible-gambling';
import { Link } from 'react-router-dom';

import { ContentLayout } from '@/components/layouts/content-layout';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { BASIS_LABELS } from '@/config/product';
import { useLosingRuns } from '@/features/responsible-gambling/api/get-losing-runs';
import { HelpServices } from '@/features/responsible-gambling/components/help-services';
import { BREAK_LENGTHS_TEXT } from '@/features/responsible-gambling/utils/break-lengths';
import { formatLongDate, formatMoney, formatPercent } from '@/utils/format';

/** One basis's losing runs in words, every figure with the number of picks it rests on and its 95 % interval. */
function LosingRunsOf({ label, runs, stakeUsd }: { label: string; runs: LosingRuns; stakeUsd: number }) {
  if (runs.picks === 0) {
    return (
      <div>
        <h3 className="font-semibold">{label}</h3>
        <p className="mt-1 text-sm text-muted-foreground">No settled picks yet.</p>
      </div>
    );
  }
  const interval = runs.hitRateCi95 ? ` (95 % interval ${formatPercent(runs.hitRateCi95[0])} to ${formatPercent(runs.hitRateCi95[1])})` : '';
  return (
    <div>
      <h3 className="font-semibold">{label}</h3>
      <dl className="mt-2 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="text-muted-foreground">Settled picks</dt>
        <dd>
          {runs.picks}, of which {runs.hits} won: {formatPercent(runs.hitRate)}
          {interval}
        </dd>
        <dt className="text-muted-foreground">Longest losing run</dt>
        <dd data-testid="longest-losing-run">
          {runs.longest
            ? `${runs.longest.length} lost picks in a row, ${formatLongDate(runs.longest.from)} to ${formatLongDate(runs.longest.to)}: ${formatMoney(-runs.longest.lossUsd)} at a $${stakeUsd} stake`
            : 'No lost pick'}
        </dd>
        <dt className="text-muted-foreground">Runs of 5 or more losses</dt>
        <dd>{runs.runsOfFiveOrMore}</dd>
        {runs.expectedLongestCi95 ? (
          <>
            <dt className="text-muted-foreground">What chance alone gives</dt>
            <dd>
              At this hit rate, {runs.picks} independent picks have a longest losing run of {runs.expectedLongestCi95[0]} to {runs.expectedLongestCi95[1]} in 95
              of 100 cases, even when every probability is right.
            </dd>
          </>
        ) : null}
      </dl>
    </div>
  );
}

function LosingRunsSection() {
  const runs = useLosingRuns();
  if (runs.isPending) return <Spinner label="Loading the losing runs" />;
  if (runs.isError || !runs.data) return <p role="alert">The losing runs could not be loaded. Please reload the page.</p>;
  const { published, backtest, stakeUsd, days } = runs.data;
  return (
    <div className="space-y-6 rounded-2xl border border-border bg-surface p-5">
      <p className="text-sm text-muted-foreground">
        Our own picks (outcomes we gave 60 % or more) over the last {days} days, from the bet ledger, in kickoff order.
      </p>
      <LosingRunsOf label={BASIS_LABELS.published} runs={published} stakeUsd={stakeUsd} />
      <LosingRunsOf label={BASIS_LABELS.backtest} runs={backtest} stakeUsd={stakeUsd} />
    </div>
  );
}

/**
 * docs/responsible-gambling.md: what a probability does and does not promise, with the track
 * record's own losing runs (from the ledger, never typed in), breaks, self-exclusion and help.
 */
export default function ResponsibleGamblingRoute() {
  return (
    <ContentLayout
      width="prose"
      title="Responsible gambling"
      description="18+ only. Our forecasts are probabilities: they describe how often something tends to happen, not what will happen next."
    >
      <div className="space-y-10 leading-relaxed">
        <section aria-labelledby="rg-probability">
          <h2 id="rg-probability" className="text-xl font-semibold">
            What a probability promises, and what it does not
          </h2>
          <div className="mt-3 space-y-3">
            <p>
              A home win at 70 % means that in matches like this one the home side wins about 7 times in 10, and does not win the other 3. It says nothing
              certain about the next match: a 70 % pick loses 3 times in 10 when the forecast is exactly right.
            </p>
            <p>
              Losses come in runs. Even well-calibrated picks lose several times in a row, and a run of losses says little about whether the forecasts were
              good. A winning run says as little. Never stake money you cannot afford to lose, and never bet to win back what you lost.
            </p>
            <p>Do not count on betting to pay for anything. Bookmakers set their prices with a margin, and most people who bet lose money over time.</p>
          </div>
        </section>

        <section aria-labelledby="rg-runs">
          <h2 id="rg-runs" className="text-xl font-semibold">
            Losing runs in our own record
          </h2>
          <div className="mt-3">
            <LosingRunsSection />
          </div>
        </section>

        <section aria-labelledby="rg-break">
          <h2 id="rg-break" className="text-xl font-semibold">
            Take a break or exclude yourself
          </h2>
          <div className="mt-3 space-y-3">
            <p>
              <strong>Take a break</strong> of {BREAK_LENGTHS_TEXT}: while it runs we show you no odds, probabilities or value flags and send you no email
              except what you need to sign in. A break cannot be shortened; you can only choose a longer one.
            </p>
            <p>
              <strong>Self-exclusion</strong> locks your account for {SELF_EXCLUSION_MONTHS} months. A subscription is cancelled at the end of the period you
              paid for, and you are signed out everywhere. It cannot be undone before the {SELF_EXCLUSION_MONTHS} months are over.
            </p>
            <p>
              Both are on your{' '}
              <Link to={paths.account.getHref()} className="font-medium text-primary underline underline-offset-4">
                Account Settings
              </Link>{' '}
              page. To stop gambling with licensed operators too, ask each one, or use a national self-exclusion scheme such as GAMSTOP in Great Britain.
            </p>
          </div>
        </section>

        <section aria-labelledby="rg-help">
          <h2 id="rg-help" className="text-xl font-semibold">
            Where to get help
          </h2>
          <p className="mt-3">Free, confidential and open to anyone worried about their own gambling or someone else&rsquo;s:</p>
          <div className="mt-3">
            <HelpServices />
          </div>
        </section>
      </div>
    </ContentLayout>
  );
}
