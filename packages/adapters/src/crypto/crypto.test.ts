import { SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { JoseSessionTokens } from './jose-session-tokens.ts';
import { ScryptPasswordHasher } from './scrypt-password-hasher.ts';

describe('ScryptPasswordHasher', () => {
  const hasher = new ScryptPasswordHasher();

  it('stores a self-describing scrypt string with OWASP parameters and a random salt', async () => {
    const a = await hasher.hash('correct horse battery');
    const b = await hasher.hash('correct horse battery');
    expect(a).toMatch(/^scrypt\$ln=17,r=8,p=1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
    expect(a).not.toBe(b);
    expect(await hasher.verify('correct horse battery', a)).toBe(true);
    expect(await hasher.verify('correct horse batterY', a)).toBe(false);
    expect(await hasher.verify('anything', 'not-a-hash')).toBe(false);
  });

  it("hashes at a test stack's lower cost when asked, checks any hash at the cost written in it, and never goes above OWASP's or below 2^10", async () => {
    const cheap = await new ScryptPasswordHasher(12).hash('correct horse battery');
    expect(cheap).toMatch(/^scrypt\$ln=12,r=8,p=1\$/);
    expect(await hasher.verify('correct horse battery', cheap)).toBe(true);
    expect(await new ScryptPasswordHasher(12).verify('correct horse battery', await hasher.hash('correct horse battery'))).toBe(true);
    for (const logN of [9, 18, 12.5]) expect(() => new ScryptPasswordHasher(logN)).toThrow(RangeError);
  });
});

describe('JoseSessionTokens', () => {
  const secret = 'k'.repeat(40);
  // The tokens read this fixed clock, never the wall clock.
  const NOW = Date.parse('2026-11-22T12:00:00Z');
  const now = () => new Date(NOW);
  const tokens = new JoseSessionTokens(secret, 'http://localhost:3000', 'http://localhost:3000/api', now);
  const claims = { userId: 'u1', sessionId: 's1', expiresAt: NOW + 60_000 };

  it('round-trips the session claims', async () => {
    const verified = await tokens.verify(await tokens.sign(claims));
    expect(verified).toMatchObject({ userId: 'u1', sessionId: 's1' });
  });

  it('refuses a tampered, expired, unsigned or foreign token', async () => {
    const token = await tokens.sign(claims);
    const [h, p, s] = token.split('.');
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p!, 'base64url').toString()), sub: 'admin' })).toString('base64url')}.${s}`;
    expect(await tokens.verify(tampered)).toBeNull();
    expect(await tokens.verify(await tokens.sign({ ...claims, expiresAt: NOW - 60_000 }))).toBeNull();
    const none = new UnsecuredJWT({ sid: 's1' })
      .setSubject('u1')
      .setIssuer('http://localhost:3000')
      .setAudience('http://localhost:3000/api')
      .setExpirationTime(Math.floor(NOW / 1000) + 3600)
      .encode();
    expect(await tokens.verify(none)).toBeNull();
    const otherIssuer = new JoseSessionTokens(secret, 'https://evil.example', 'http://localhost:3000/api', now);
    expect(await tokens.verify(await otherIssuer.sign(claims))).toBeNull();
    const otherKey = await new SignJWT({ sid: 's1' })
      .setProtectedHeader({ alg: 'HS256', typ: 'session+jwt' })
      .setSubject('u1')
      .setIssuer('http://localhost:3000')
      .setAudience('http://localhost:3000/api')
      .setIssuedAt(Math.floor(NOW / 1000))
      .setExpirationTime(Math.floor(NOW / 1000) + 3600)
      .sign(new TextEncoder().encode('x'.repeat(40)));
    expect(await tokens.verify(otherKey)).toBeNull();
    expect(await tokens.verify('garbage')).toBeNull();
  });

  it('refuses a short key', () => {
    expect(() => new JoseSessionTokens('short', 'a', 'b')).toThrow(/at least 32/);
    expect(() => new JoseSessionTokens(`${secret} short`, 'a', 'b')).toThrow(/at least 32/);
  });

  describe('rotating the key (docs/deploy.md "Rotating secrets")', () => {
    const oldKey = 'o'.repeat(40);
    const newKey = 'n'.repeat(40);
    const withKeys = (...keys: string[]) => new JoseSessionTokens(keys.join(' '), 'http://localhost:3000', 'http://localhost:3000/api', now);

    it('keeps every session through the three steps: new key accepted, new key signing, old key gone once its sessions have expired', async () => {
      const before = await withKeys(oldKey).sign(claims);
      // 1. The new key is accepted everywhere before anything signs with it.
      const step1 = withKeys(oldKey, newKey);
      expect(await step1.verify(before)).toMatchObject({ sessionId: 's1' });
      // 2. The new key signs; sessions signed with the old one still open.
      const step2 = withKeys(newKey, oldKey);
      const after = await step2.sign(claims);
      expect(await step2.verify(before)).toMatchObject({ sessionId: 's1' });
      expect(await step1.verify(after)).toMatchObject({ sessionId: 's1' }); // a container still on step 1 accepts it too
      // 3. The old key is removed: what it signed no longer opens; what the new one signed does.
      const step3 = withKeys(newKey);
      expect(await step3.verify(before)).toBeNull();
      expect(await step3.verify(after)).toMatchObject({ sessionId: 's1' });
    });

    it('names the signing key in the header, and accepts a token from before key ids', async () => {
      const [header] = (await withKeys(newKey, oldKey).sign(claims)).split('.');
      expect(JSON.parse(Buffer.from(header!, 'base64url').toString())).toMatchObject({ alg: 'HS256', kid: expect.stringMatching(/^[\w-]{12}$/) });
      const legacy = await new SignJWT({ sid: 's1' })
        .setProtectedHeader({ alg: 'HS256', typ: 'session+jwt' })
        .setSubject('u1')
        .setIssuer('http://localhost:3000')
        .setAudience('http://localhost:3000/api')
        .setIssuedAt(Math.floor(NOW / 1000))
        .setExpirationTime(Math.floor(NOW / 1000) + 3600)
        .sign(new TextEncoder().encode(oldKey));
      expect(await withKeys(newKey, oldKey).verify(legacy)).toMatchObject({ userId: 'u1', sessionId: 's1' });
      expect(await withKeys(newKey).verify(legacy)).toBeNull();
    });

    it('refuses more than three keys', () => {
      expect(() => withKeys(oldKey, newKey, 'x'.repeat(40), 'y'.repeat(40))).toThrow(/at most 3/);
    });
  });
});

describe('HmacUnsubscribeTokens', () => {
  const secret = 's'.repeat(40);
  it('keeps the links of a rotated key working while that key is still listed', async () => {
    const { HmacUnsubscribeTokens } = await import('./hmac-unsubscribe-tokens.ts');
    const old = new HmacUnsubscribeTokens(secret).sign('01JUSER');
    expect(new HmacUnsubscribeTokens(`${'t'.repeat(40)} ${secret}`).verify(old)).toBe('01JUSER');
    expect(new HmacUnsubscribeTokens('t'.repeat(40)).verify(old)).toBeNull();
  });

  it('signs a user and verifies only an untouched token signed with the same key', async () => {
    const { HmacUnsubscribeTokens } = await import('./hmac-unsubscribe-tokens.ts');
    const tokens = new HmacUnsubscribeTokens(secret);
    const token = tokens.sign('01JUSER');
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(tokens.verify(token)).toBe('01JUSER');
    // Another user's id with this signature, a flipped signature character, another key, a session-like token: refused.
    const [, signature] = token.split('.');
    expect(tokens.verify(`${Buffer.from('01JOTHER').toString('base64url')}.${signature}`)).toBeNull();
    expect(tokens.verify(`${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`)).toBeNull();
    expect(new HmacUnsubscribeTokens('t'.repeat(40)).verify(token)).toBeNull();
    expect(tokens.verify('a.b.c')).toBeNull();
    expect(tokens.verify('')).toBeNull();
  });
});
