import '@/index.css';
import { startEarlyPageCode, startEarlyReads } from '@/app/early-reads';

const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing from index.html');

// The data of a page that waits for it starts loading now, alongside the app's code.
startEarlyReads(window.location.pathname);

// The HTML already holds the page's first paint (vite.config.ts). Let the browser paint it, then
// load the app: one frame later in a visible tab, at the latest after 200 ms in a hidden one.
let started = false;
const boot = () => {
  if (started) return;
  started = true;
  startEarlyPageCode(window.location.pathname);
  // React DOM on its own, so that its modules run in a task of their own before the app's: the app's
  // modules all run in one task once their files are in, which a slow phone's main thread felt.
  void import('react-dom/client');
  void import('@/app/start').then(({ start }) => start(root));
};
requestAnimationFrame(() => setTimeout(boot));
setTimeout(boot, 200);
