// The production build reports an API answer outside its contract instead of throwing
// (docs/decisions/0180-response-contracts-kept.md); here, against the real stack, such a report
// fails the test during which a page made it.
import { afterEach, expect } from 'vitest';

import { takeContractReports } from './browser.ts';

afterEach(() => {
  expect(takeContractReports()).toEqual([]);
});
