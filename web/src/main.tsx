import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { App } from '@/app';
import '@/index.css';

const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing from index.html');

// A transition: React renders the first page in small slices instead of one long task, so the
// main thread stays responsive (Total Blocking Time) on slow phones. It replaces the static
// shell that the build writes into #root (vite.config.ts).
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
