// Starts the real local stack (the same entry point as `npm start`) on a free port with an
// in-memory DynamoDB Local, for the whole e2e run.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

const repoRoot = resolve(import.meta.dirname, '..', '..');

export default async function setup(project: TestProject) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'local/main.ts'], {
    cwd: join(repoRoot, 'functions'),
    env: {
      ...process.env,
      PORT: '0',
      LOCAL_IN_MEMORY: '1',
      LOCAL_REQUEST_LOG: '0',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'e2e-data-')),
      POWERTOOLS_LOG_LEVEL: 'WARN',
      ...project.config.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error(`The local stack did not start within 120 s:\n${output}`)), 120_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at (http:\/\/localhost:\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolveUrl(match[1]!);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The local stack exited (code ${code}) before it was ready:\n${output}`));
    });
  });
  project.provide('baseUrl', url);

  return async () => {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
  };
}
