import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router-dom';

import { paths } from '@/config/paths';
import { usePredictions } from '@/features/predictions/api/get-predictions';
import { PredictionGrid } from '@/features/predictions/components/prediction-grid';
import { maxOutcome, topPredictions, topPredictionsDay } from '@/features/predictions/utils/top-predictions';
import { useSession } from '@/lib/auth';
import { useShownQuery } from '@/lib/shown-query';
import { formatDayHeading } from '@/utils/list-format';

/**
 * docs/product.md#landing: today's top 3 by the highest outcome probability. A visitor's cards carry no probability, so
 * they are today's first kickoffs, and the heading and the text say so instead of claiming a ranking. With no match
 * today they are the next match day's, and the heading names that day instead of saying 'Today'.
 */
export function TopPredictions() {
  const predictions = useShownQuery(usePredictions());
  const { user } = useSession();
  const top = topPredictions(predictions.data ?? []);
  const ranked = top.length > 0 && top.every((p) => maxOutcome(p) !== null);
  // 'Today' only when the matches are today's: else the heading names their day
  const day = predictions.data ? topPredictionsDay(predictions.data) : null;
  const when = day ? formatDayHeading(day) : null;
  const kickoffs = predictions.data && top.length > 0 && !ranked;
  const heading = when ? `${kickoffs ? 'Next kickoffs' : 'Top predictions'}: ${when}` : kickoffs ? 'Today’s next kickoffs' : 'Today’s top predictions';

  return (
    <section aria-labelledby="top-heading" className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id="top-heading" className="text-3xl font-bold tracking-tight">
            {heading}
          </h2>
          {when ? <p className="mt-2 text-sm font-medium">No match today: the next ones kick off {when === 'Tomorrow' ? 'tomorrow' : `on ${when}`}.</p> : null}
          <p className="mt-2 text-muted-foreground">
            {ranked
              ? 'The matches our models are most confident about.'
              : 'The next kickoffs. Subscribers see the probabilities and which matches our models are most confident about.'}
          </p>
        </div>
        <Link to={paths.predictions.getHref()} className="inline-flex items-center gap-1 rounded font-semibold text-primary underline-offset-4 hover:underline">
          All predictions
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </div>
      <div className="mt-8">
        <PredictionGrid
          predictions={top}
          total={predictions.data?.length ?? 0}
          isLoading={predictions.isPending}
          isError={predictions.isError}
          className="grid gap-5 lg:grid-cols-3"
          breakUntil={user?.breakUntil ?? null}
        />
      </div>
    </section>
  );
}
