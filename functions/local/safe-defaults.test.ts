import { afterEach, describe, expect, it } from 'vitest';
import type { IncomingMessage } from 'node:http';
import { mkdtempSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { allowedOrigins, parseConfig } from '@app/platform/config';
import { applyLocalDefaults, makeDataDirPrivate, readLocalEnv } from './env.ts';
import { isLoopback, localRefusal } from './local-admin.ts';

const saved = {
  HOST: process.env.HOST,
  LOCAL_ALLOW_REMOTE: process.env.LOCAL_ALLOW_REMOTE,
  LOCAL_CLOCK_START: process.env.LOCAL_CLOCK_START,
  LOCAL_SCRYPT_LOG_N: process.env.LOCAL_SCRYPT_LOG_N,
  EXTRA_ORIGINS: process.env.EXTRA_ORIGINS,
  APP_ORIGIN: process.env.APP_ORIGIN,
  STAGE: process.env.STAGE,
  DYNAMODB_ENDPOINT: process.env.DYNAMODB_ENDPOINT,
};
const savedUmask = process.umask();
afterEach(() => {
  process.umask(savedUmask);
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

describe('local stack defaults on a shared host', () => {
  it("L5: the data folder and everything in it are the user's alone: folders 0700, files 0600, old ones and new ones", () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'data-')), '.data');
    mkdirSync(join(dir, 'dynamodb'), { recursive: true, mode: 0o755 });
    writeFileSync(join(dir, 'session-secret'), 'old', { mode: 0o644 });
    writeFileSync(join(dir, 'dynamodb', 'shared-local-instance.db'), 'old', { mode: 0o644 });
    makeDataDirPrivate(dir);
    const mode = (path: string) => statSync(path).mode & 0o777;
    expect([mode(dir), mode(join(dir, 'dynamodb'))]).toEqual([0o700, 0o700]);
    expect([mode(join(dir, 'session-secret')), mode(join(dir, 'dynamodb', 'shared-local-instance.db'))]).toEqual([0o600, 0o600]);
    // What the stack, or DynamoDB Local started by it, writes next: private too (the umask).
    writeFileSync(join(dir, 'dynamodb', 'written-later.db'), 'new');
    mkdirSync(join(dir, 'later'));
    expect([mode(join(dir, 'dynamodb', 'written-later.db')), mode(join(dir, 'later'))]).toEqual([0o600, 0o700]);
  });

  it("L4: the local origins do not include the Vite dev server (its proxy presents its page as the stack's own origin)", () => {
    delete process.env.EXTRA_ORIGINS;
    delete process.env.APP_ORIGIN;
    delete process.env.STAGE;
    applyLocalDefaults({ port: 3000, dynamodbEndpoint: 'http://127.0.0.1:8000' });
    expect(allowedOrigins(parseConfig(process.env))).toEqual(['http://localhost:3000', 'http://127.0.0.1:3000']);
  });

  it('listens on loopback; refuses to start on another interface unless LOCAL_ALLOW_REMOTE=1, and then warns', () => {
    delete process.env.HOST;
    delete process.env.LOCAL_ALLOW_REMOTE;
    expect(readLocalEnv()).toMatchObject({ host: '127.0.0.1', allowRemote: false, warnings: [] });
    process.env.HOST = '0.0.0.0';
    expect(() => readLocalEnv()).toThrow(/HOST=0.0.0.0 would serve the local stack.*\n.*LOCAL_ALLOW_REMOTE=1/);
    process.env.HOST = '192.168.1.20';
    expect(() => readLocalEnv()).toThrow(expect.objectContaining({ name: 'UnsafeBindError' }));
    process.env.LOCAL_ALLOW_REMOTE = '1';
    const env = readLocalEnv();
    expect(env).toMatchObject({ host: '192.168.1.20', allowRemote: true });
    expect(env.warnings).toEqual([expect.stringMatching(/^WARNING: HOST=192.168.1.20 \(LOCAL_ALLOW_REMOTE=1\)/)]);
    for (const host of ['localhost', '127.0.0.1', '::1']) {
      delete process.env.LOCAL_ALLOW_REMOTE;
      process.env.HOST = host;
      expect(readLocalEnv().warnings).toEqual([]);
    }
  });

  it('/__local/* answers only a loopback peer that names this machine in Host, from our own origin (DNS rebinding, cross-site pages)', () => {
    const req = (headers: Record<string, string>, remoteAddress = '127.0.0.1') => ({ socket: { remoteAddress }, headers }) as unknown as IncomingMessage;
    for (const host of ['localhost:3000', '127.0.0.1:3000', '[::1]:3000', 'localhost']) expect(localRefusal(req({ host })), host).toBeUndefined();
    expect(localRefusal(req({ host: 'localhost:3000', origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' }))).toBeUndefined();
    expect(localRefusal(req({ host: 'localhost:3000', 'sec-fetch-site': 'none' }))).toBeUndefined();
    // A rebinding name that resolves to 127.0.0.1, a foreign or opaque origin, a cross-site fetch, another machine.
    expect(localRefusal(req({ host: 'attacker.example:3000' }))).toMatch(/Host must be/);
    expect(localRefusal(req({ host: 'localhost.attacker.example:3000' }))).toMatch(/Host must be/);
    expect(localRefusal(req({}))).toMatch(/Host/);
    expect(localRefusal(req({ host: 'localhost:3000', origin: 'https://evil.example' }))).toMatch(/cross-origin/);
    expect(localRefusal(req({ host: 'localhost:3000', origin: 'null' }))).toMatch(/cross-origin/);
    expect(localRefusal(req({ host: 'localhost:3000', origin: 'http://localhost:5173' }))).toMatch(/cross-origin/);
    expect(localRefusal(req({ host: 'localhost:3000', 'sec-fetch-site': 'cross-site' }))).toMatch(/cross-site/);
    expect(localRefusal(req({ host: 'localhost:3000' }, '10.0.0.5'))).toBe('local only');
  });

  it('serves /__local/* (the test-mode checkout included) to loopback peers only', () => {
    for (const address of ['127.0.0.1', '127.0.3.9', '::1', '::ffff:127.0.0.1']) expect(isLoopback(address)).toBe(true);
    for (const address of ['10.0.0.5', '192.168.1.20', '::ffff:10.0.0.5', 'fe80::1', '', '1127.0.0.1']) expect(isLoopback(address)).toBe(false);
  });
});

describe('LOCAL_CLOCK_START', () => {
  it('is read as the instant the stack clock starts at, and absent by default', () => {
    delete process.env.LOCAL_CLOCK_START;
    expect(readLocalEnv().clockStart).toBeUndefined();
    process.env.LOCAL_CLOCK_START = '2026-03-14T10:00:00Z';
    expect(readLocalEnv().clockStart?.toISOString()).toBe('2026-03-14T10:00:00.000Z');
  });

  it('stops the start with a clear message when it is not a date', () => {
    process.env.LOCAL_CLOCK_START = 'saturday';
    expect(() => readLocalEnv()).toThrow("LOCAL_CLOCK_START must be an ISO date-time, got 'saturday'");
  });
});

describe('LOCAL_SCRYPT_LOG_N', () => {
  it("is absent by default (new password hashes at OWASP's 2^17) and read as a whole number from 10 to 17", () => {
    delete process.env.LOCAL_SCRYPT_LOG_N;
    expect(readLocalEnv().scryptLogN).toBeUndefined();
    process.env.LOCAL_SCRYPT_LOG_N = '15';
    expect(readLocalEnv().scryptLogN).toBe(15);
    for (const wrong of ['9', '18', 'cheap', '12.5']) {
      process.env.LOCAL_SCRYPT_LOG_N = wrong;
      expect(() => readLocalEnv()).toThrow(`LOCAL_SCRYPT_LOG_N must be a whole number from 10 to 17, got '${wrong}'`);
    }
  });
});
