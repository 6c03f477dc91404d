import { afterEach, describe, expect, it } from 'vitest';
import { readLocalEnv } from './env.ts';
import { isLoopback } from './local-admin.ts';

const saved = process.env.HOST;
afterEach(() => {
  if (saved === undefined) delete process.env.HOST;
  else process.env.HOST = saved;
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
