import { CalendarX, SearchX } from 'lucide-react';
import type { ReactNode } from 'react';

import { Spinner } from '@/components/ui/spinner';
import type { ListedPrediction } from '@/features/predictions/api/get-predictions';
import { PredictionCard, type ValueDetail } from '@/features/predictions/components/prediction-card';

/** docs/product.md#messages. */
export const NO_PREDICTIONS_TEXT = 'No predictions available yet. Check back soon!';
export const NO_MATCHES_TEXT = 'No predictions match your current filters.';

type PredictionGridProps = {
  predictions: ListedPrediction[];
  /** How many predictions exist before filtering: 0 means none at all. */
  total: number;
  isLoading?: boolean;
  isError?: boolean;
  /** Shown under the 'no match' text, e.g. a button that clears the filters. */
  emptyAction?: ReactNode;
  headingLevel?: 'h2' | 'h3';
  className?: string;
  /** The viewer's break, for the locked cards to say so. */
  breakUntil?: string | null;
  /** Under each card's value flags: their quote time and stake. */
  valueDetail?: ValueDetail;
  /** Shows the matches some other way (the compact list); the loading, error and empty states stay these. */
  render?: (predictions: ListedPrediction[]) => ReactNode;
};

export function EmptyState({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-border bg-surface px-6 py-12 text-center">
      {icon}
      {children}
    </div>
  );
}

export function PredictionGrid({
  predictions,
  total,
  isLoading,
  isError,
  emptyAction,
  headingLevel,
  className = 'grid gap-5 sm:grid-cols-2 xl:grid-cols-3',
  breakUntil = null,
  valueDetail,
  render,
}: PredictionGridProps) {
  if (isLoading) {
    return (
      <div className="flex min-h-80 items-center justify-center">
        <Spinner label="Loading predictions" />
      </div>
    );
  }
  if (isError) {
    return (
      <EmptyState icon={<CalendarX aria-hidden="true" className="size-8 text-muted-foreground" />}>
        <p role="alert" className="font-medium">
          Predictions could not be loaded. Please reload the page.
        </p>
      </EmptyState>
    );
  }
  if (total === 0) {
    return (
      <EmptyState icon={<CalendarX aria-hidden="true" className="size-8 text-muted-foreground" />}>
        <p className="font-medium">{NO_PREDICTIONS_TEXT}</p>
      </EmptyState>
    );
  }
  if (predictions.length === 0) {
    return (
      <EmptyState icon={<SearchX aria-hidden="true" className="size-8 text-muted-foreground" />}>
        <p className="font-medium">{NO_MATCHES_TEXT}</p>
        {emptyAction}
      </EmptyState>
    );
  }
  if (render) return render(predictions);
  return (
    <ul className={className}>
      {predictions.map((prediction) => (
        <li key={prediction.id} className="flex min-w-0 [&>article]:min-w-0 [&>article]:flex-1">
          <PredictionCard prediction={prediction} headingLevel={headingLevel} breakUntil={breakUntil} valueDetail={valueDetail} />
        </li>
      ))}
    </ul>
  );
}
