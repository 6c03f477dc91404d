import type { ReactNode } from 'react';

import { ValueActionProvider, type ValueActionProps } from '@/components/predictions/value-action';
import { TakeBet } from '@/features/my-bets/components/take-bet';

const takeBet = (props: ValueActionProps) => <TakeBet {...props} />;

/** The value lines inside offer "I took this" (My bets): the predictions, match and team pages wrap their content in it. */
export function WithTakeBet({ children }: { children: ReactNode }) {
  return <ValueActionProvider value={takeBet}>{children}</ValueActionProvider>;
}
