import { afterEach, describe, expect, it, vi } from 'vitest';
import { logger } from './logger.ts';
import { makeSecurityLog, SECURITY_LOG_MARKER, withRequestContext } from './security-log.ts';

afterEach(() => vi.restoreAllMocks());

describe('security log', () => {
  it('writes one structured line with the request id and network, a keyed hash instead of the email, and nothing secret', () => {
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => {});
    const info = vi.spyOn(logger, 'info').mockImplementation(() => {});
    const log = makeSecurityLog(() => 'k'.repeat(32));
    withRequestContext({ requestId: 'req-1', network: '203.0.113.7' }, () => {
      log({ type: 'login_failed', email: 'ana@example.com', userId: 'u1' });
      log({ type: 'login_succeeded', email: 'ana@example.com', userId: 'u1' });
    });
    expect(warn).toHaveBeenCalledTimes(1);
    const [marker, line] = warn.mock.calls[0]! as [string, Record<string, unknown>];
    expect(marker).toBe(SECURITY_LOG_MARKER);
    expect(line).toEqual({
      event: 'login_failed',
      requestId: 'req-1',
      network: '203.0.113.7',
      userId: 'u1',
      emailHash: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    expect(JSON.stringify(line)).not.toContain('ana@example.com');
    // The same address hashes the same way (lines correlate), a different key does not.
    expect((info.mock.calls[0]![1] as Record<string, unknown>).emailHash).toBe(line.emailHash);
    makeSecurityLog(() => 'other key '.repeat(4))({ type: 'login_failed', email: 'ana@example.com' });
    expect((warn.mock.calls[1]![1] as Record<string, unknown>).emailHash).not.toBe(line.emailHash);
  });

  it('leaves the email out when no key is available', () => {
    const info = vi.spyOn(logger, 'info').mockImplementation(() => {});
    makeSecurityLog(() => undefined)({ type: 'role_granted', email: 'ana@example.com', userId: 'u1', actor: 'cli:ops' });
    expect(info.mock.calls[0]![1]).toEqual({ event: 'role_granted', userId: 'u1', actor: 'cli:ops' });
  });
});
