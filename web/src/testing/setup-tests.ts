import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach } from 'vitest';

import { dismissToasts } from '@/components/ui/toast';
import { mockApi } from '@/testing/mock-api';

// Pure unit tests opt into `// @vitest-environment node`; everything below is for jsdom.
const isDom = typeof window !== 'undefined';

// How long a `findBy…`/`waitFor` waits for the page to show something (1 s by default). A route's
// module loads lazily, as in the browser, and on a busy 2-core CI machine its first load took over
// a second (the login redirect to /account); a test still fails if the thing never shows.
configure({ asyncUtilTimeout: 5_000 });

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
