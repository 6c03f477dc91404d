import type { Prediction } from '@app/contracts/predictions';
import { createContext, useContext, type ReactNode } from 'react';

type ValueBet = NonNullable<Prediction['valueBets']>[number];

/** What a value line offers beside itself: one flag of one match; `compact` on a phone's list row. */
export type ValueActionProps = { fixtureId: string; bet: ValueBet; compact?: boolean };

const ValueActionContext = createContext<((props: ValueActionProps) => ReactNode) | null>(null);

/**
 * The action a page offers on each value line ("I took this"): the cards and list rows render
 * whatever the page composing them provides, so the predictions feature need not know the feature
 * behind it; none by default.
 */
export const ValueActionProvider = ValueActionContext.Provider;

export function ValueAction(props: ValueActionProps) {
  const render = useContext(ValueActionContext);
  return render ? render(props) : null;
}
