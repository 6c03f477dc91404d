import { isIP } from 'node:net';

/**
 * The client network the throttles count by: an IPv4 address as it is, an IPv6 address cut to
 * its /64 (one subscriber usually holds a whole /64, so rotating inside it must not escape), and
 * an IPv4-mapped IPv6 address as the IPv4 address. Anything unparsable is its own bucket.
 */
export function clientNetwork(ip: string): string {
  const address = ip
    .trim()
    .replace(/^\[|\]$/g, '')
    .replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (isIP(address) === 4) return address;
  if (isIP(address) !== 6) return `other:${address}`;
  const groups = expandIpv6(address);
  return `${groups.slice(0, 4).join(':')}::/64`;
}

function expandIpv6(address: string): string[] {
  // A trailing dotted quad is the last 32 bits.
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(address);
  let text = address;
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${address.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail !== undefined && tail !== '' ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right].map((g) => parseInt(g, 16).toString(16));
}
