// Starts the real local stack (the same entry point as `npm start`) on a free port with an
// in-memory DynamoDB Local, for the whole e2e run. Extra env comes from the vitest config's `test.env`.
import type { TestProject } from 'vitest/node';

import { startStack } from './stack.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
  }
}

export default async function setup(project: TestProject) {
  const stack = await startStack(project.config.env);
  project.provide('baseUrl', stack.url);
  project.provide('dataDir', stack.dataDir);
  return () => stack.stop();
}
