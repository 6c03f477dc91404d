// M1: the local database must not be an open door. DynamoDB Local takes any credentials, so the
// only control is where it listens (127.0.0.1) and which web pages may call it (none).
import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import { describe, expect, inject, it } from 'vitest';

/** 'open' when a TCP connection to host:port is accepted. */
function probe(host: string, port: number): Promise<'open' | 'closed'> {
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: 2000 });
    socket.once('connect', () => (socket.destroy(), resolve('open')));
    socket.once('error', () => resolve('closed'));
    socket.once('timeout', () => (socket.destroy(), resolve('closed')));
  });
}

describe('DynamoDB Local of the tests and of the local stack', () => {
  const endpoint = new URL(inject('dynamodbEndpoint'));
  const port = Number(endpoint.port);

  it('M1: listens on 127.0.0.1 only: not on another loopback address, nor on any address of this machine’s interfaces', async () => {
    expect(await probe('127.0.0.1', port)).toBe('open');
    // On Linux all of 127.0.0.0/8 reaches this machine: an every-interface listener answers here.
    const elsewhere = [
      '127.0.0.2',
      ...Object.values(networkInterfaces())
        .flat()
        .filter((a) => a && !a.internal && a.family === 'IPv4')
        .map((a) => a!.address),
    ];
    for (const host of elsewhere) expect(await probe(host, port), host).toBe('closed');
  });

  it('answers no cross-origin browser request (a web page the developer visits cannot call it)', async () => {
    const preflight = await fetch(endpoint, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://evil.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type,x-amz-target',
      },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });
});
