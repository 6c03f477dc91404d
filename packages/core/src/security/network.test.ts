import { describe, expect, it } from 'vitest';
import { clientNetwork } from './network.ts';

describe('clientNetwork', () => {
  it('keeps an IPv4 address, and unwraps an IPv4-mapped IPv6 address', () => {
    expect(clientNetwork('203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetwork('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('cuts IPv6 to its /64, whatever the spelling', () => {
    const net = '2001:db8:85a3:1::/64';
    for (const ip of [
      '2001:db8:85a3:1::1',
      '2001:0db8:85a3:0001:ffff:ffff:ffff:ffff',
      '2001:DB8:85A3:1:0:0:0:2',
      '[2001:db8:85a3:1::3]',
      '2001:db8:85a3:1::a%eth0',
    ]) {
      expect(clientNetwork(ip)).toBe(net);
    }
    expect(clientNetwork('2001:db8:85a3:2::1')).not.toBe(net);
    expect(clientNetwork('::1')).toBe('0:0:0:0::/64');
    expect(clientNetwork('2001:db8::')).toBe('2001:db8:0:0::/64');
    expect(clientNetwork('64:ff9b::192.0.2.33')).toBe('64:ff9b:0:0::/64');
  });

  it('puts anything unparsable in a bucket of its own', () => {
    expect(clientNetwork('not an ip')).toBe('other:not an ip');
  });
});
