/**
 * Factories of the public record, the match pages and the analytics (kept apart from the
 * composition root so each function's bundle holds only what its handler calls).
 */
import { DynamoPredictionRepository } from '@app/adapters/dynamodb/prediction-repository';
import { makeResultsService } from '@app/core/results/service';
import { base } from './composition.ts';

function lazy<T>(build: () => T): () => T {
  let value: { v: T } | undefined;
  return () => (value ??= { v: build() }).v;
}

export const resultsService = /* @__PURE__ */ lazy(() =>
  makeResultsService({ predictions: new DynamoPredictionRepository(base().doc, base().config.TABLE_NAME), clock: base().clock }),
);
