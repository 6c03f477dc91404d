import { afterEach, describe, expect, it } from 'vitest';
import { readLocalEnv } from './env.ts';
import { isLoopback } from './local-admin.ts';

const saved = { HOST: process.env.HOST, LOCAL_CLOCK_START: process.env.LOCAL_CLOCK_START };
afterEach(() => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

describe('local stack defaults on a shared host', () => {
  it('listens on loopback unless HOST says otherwise', () => {
    delete process.env.HOST;
    expect(readLocalEnv().host).toBe('127.0.0.1');
    process.env.HOST = '0.0.0.0';
    expect(readLocalEnv().host).toBe('0.0.0.0');
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
