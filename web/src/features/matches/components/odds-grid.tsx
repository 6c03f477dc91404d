import type { MatchForecast } from '@app/contracts/matches';

import { SELECTION_LABELS } from '@/components/predictions/value-bet-line';
import { formatOdds, formatStamp } from '@/utils/format';

type Books = NonNullable<MatchForecast['books']>;
type Selection = keyof typeof SELECTION_LABELS;

const SELECTIONS: readonly Selection[] = ['home', 'draw', 'away', 'over25', 'under25'];

/**
 * Every listed book's price per selection (docs/decisions/0336-every-books-price-on-the-match-page.md): one row a
 * book, the best of each column in bold and marked "best" for a screen reader, the sharp book's fair price (its
 * margin removed) below them, as of the capture they were written at.
 */
export function OddsGrid({ books }: { books: Books }) {
  const columns = SELECTIONS.filter((s) => books.prices.some((b) => b.odds[s] !== undefined));
  if (!columns.length) return null;
  const best = Object.fromEntries(columns.map((s) => [s, Math.max(...books.prices.map((b) => b.odds[s] ?? 0))])) as Record<Selection, number>;
  const bestBook = (s: Selection) => books.prices.find((b) => b.odds[s] === best[s])!.bookmaker;
  return (
    <div className="mt-4" data-testid="odds-grid">
      <h3 className="mb-1 text-sm font-medium">Every listed book’s price</h3>
      <div className="overflow-x-auto" role="region" aria-label="Every listed book’s price, scrolls sideways" tabIndex={0}>
        <table aria-label="Every listed book’s price" className="w-full text-left text-xs tabular-nums sm:text-sm">
          <thead className="text-muted-foreground">
            <tr>
              <th scope="col" className="py-1 pr-2">
                Book
              </th>
              {columns.map((s) => (
                <th key={s} scope="col" className="py-1 pr-2 text-right last:pr-0">
                  {SELECTION_LABELS[s]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {books.prices.map((b) => (
              <tr key={b.bookmaker} className="border-t border-border">
                <th scope="row" className="py-1 pr-2 font-medium">
                  {b.bookmaker}
                </th>
                {columns.map((s) => {
                  const price = b.odds[s];
                  const isBest = price !== undefined && price === best[s];
                  return (
                    <td key={s} className="py-1 pr-2 text-right last:pr-0">
                      {isBest ? (
                        <strong className="inline-block whitespace-nowrap rounded bg-premium/15 px-1 font-semibold text-premium" data-best="true">
                          {formatOdds(price)}
                          <span className="sr-only"> best</span>
                        </strong>
                      ) : (
                        formatOdds(price)
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
            {books.fair ? (
              <tr className="border-t-2 border-border text-muted-foreground">
                <th scope="row" className="py-1 pr-2 font-medium">
                  {books.fair.bookmaker} fair
                </th>
                {columns.map((s) => (
                  <td key={s} className="py-1 pr-2 text-right last:pr-0">
                    {formatOdds(books.fair!.odds[s])}
                  </td>
                ))}
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
      <p className="mt-1 text-xs text-muted-foreground" data-testid="odds-grid-note">
        Best in bold: {columns.map((s) => `${SELECTION_LABELS[s]} ${formatOdds(best[s])} ${bestBook(s)}`).join(', ')}.
        {books.fair ? ` ${books.fair.bookmaker} fair: the sharp book’s price with its margin removed, what every flag is measured against.` : ''} Prices as of{' '}
        <time dateTime={books.at}>{formatStamp(books.at)}</time>.
      </p>
    </div>
  );
}
