import { describe, expect, it } from 'vitest';
import { parseCookies, serializeCookie } from './cookies.ts';

describe('cookies', () => {
  it('parses HTTP API v2 cookie entries, keeping the first of duplicate names', () => {
    expect(parseCookies(['sid=a%20b', 'theme=dark; sid=other', 'bad', '=x'])).toEqual({ sid: 'a b', theme: 'dark' });
  });

  it('serialises an HttpOnly Lax cookie and a Secure one', () => {
    expect(serializeCookie('sid', 'v', { maxAgeSeconds: 60 })).toBe('sid=v; Path=/; Max-Age=60; HttpOnly; SameSite=Lax');
    expect(serializeCookie('__Host-sid', 'v', { secure: true })).toBe('__Host-sid=v; Path=/; HttpOnly; Secure; SameSite=Lax');
  });
});
