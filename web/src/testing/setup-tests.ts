import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach } from 'vitest';

import { dismissToasts } from '@/components/ui/toast';
import { mockApi } from '@/testing/mock-api';

// Pure unit tests opt into `// @vitest-environment node`; everything below is for jsdom.
const isDom = typeof window !== 'undefined';

// How long a `findBy…`/`waitFor` may wait for the page to show something (1 s by default): a bound
// on a hang, not a guess of how long drawing takes. A passing test waits only as long as the page
// takes; with four CPU burners beside the layer a lazily loaded route took over 5 s to draw.
configure({ asyncUtilTimeout: 30_000 });

beforeAll(() => {
  if (!isDom) return;
  // jsdom lacks these; react-router's ScrollRestoration, sonner and Radix call them.
  window.scrollTo = () => {};
  window.matchMedia ??= (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
  Element.prototype.scrollIntoView ??= () => {};
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => {};
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});

beforeEach(() => {
  if (!isDom) return;
  // An anonymous visitor against an empty API unless the test says otherwise.
  mockApi();
});

afterEach(async () => {
  if (!isDom) return;
  // sonner keeps its toasts in a module-level store; start every test with none.
  await dismissToasts();
  cleanup();
  window.localStorage.clear();
});
