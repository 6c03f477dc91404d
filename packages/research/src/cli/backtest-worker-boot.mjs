// Worker-thread bootstrap: registers the tsx TypeScript loader in this thread, then runs the worker module.
import { register } from 'tsx/esm/api';

register();
await import('./backtest-worker.ts');
