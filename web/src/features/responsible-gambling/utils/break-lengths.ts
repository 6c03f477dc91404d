import { BREAK_DURATIONS } from '@app/contracts/responsible-gambling';

/** The lengths of a break in words: "24 hours, 7 days or 30 days". */
export const BREAK_LENGTHS_TEXT = Object.values(BREAK_DURATIONS)
  .map((d) => d.label)
  .join(', ')
  .replace(/, ([^,]*)$/, ' or $1');
