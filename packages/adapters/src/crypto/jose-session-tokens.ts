import { SignJWT, decodeProtectedHeader, errors, jwtVerify } from 'jose';
import type { SessionClaims, SessionTokens } from '@app/core/auth/ports';
import { keyId, sessionKeys } from './session-keys.ts';

const ALGORITHM = 'HS256';
const TYPE = 'session+jwt';

/**
 * The session cookie's token: HS256 with a key from configuration; algorithm allow-list,
 * issuer, audience, type and expiry checked on every verify. It only points at the server-side
 * session, which is what makes it revocable. The secret may hold several keys during a rotation
 * (`sessionKeys`): the first signs (its id in the header's `kid`), every one verifies.
 */
export class JoseSessionTokens implements SessionTokens {
  private readonly keys: Array<{ kid: string; key: Uint8Array }>;

  constructor(
    secret: string,
    private readonly issuer: string,
    private readonly audience: string,
    /** The app's clock (issued-at and expiry checks), so tests on a fixed clock are not judged by the wall clock. */
    private readonly now: () => Date = () => new Date(),
  ) {
    this.keys = sessionKeys(secret).map((k) => ({ kid: keyId(k), key: new TextEncoder().encode(k) }));
  }

  async sign(claims: SessionClaims): Promise<string> {
    return new SignJWT({ sid: claims.sessionId })
      .setProtectedHeader({ alg: ALGORITHM, typ: TYPE, kid: this.keys[0]!.kid })
      .setSubject(claims.userId)
      .setIssuer(this.issuer)
      .setAudience(this.audience)
      .setIssuedAt(this.now())
      .setExpirationTime(Math.floor(claims.expiresAt / 1000))
      .sign(this.keys[0]!.key);
  }

  async verify(token: string): Promise<SessionClaims | null> {
    // The key the header names; a token without `kid` (signed before keys had ids) is tried against each.
    let kid: unknown;
    try {
      kid = decodeProtectedHeader(token).kid;
    } catch {
      return null;
    }
    for (const { key } of kid === undefined ? this.keys : this.keys.filter((k) => k.kid === kid)) {
      const claims = await this.verifyWith(token, key);
      if (claims) return claims;
    }
    return null;
  }

  private async verifyWith(token: string, key: Uint8Array): Promise<SessionClaims | null> {
    try {
      const { payload } = await jwtVerify(token, key, {
        algorithms: [ALGORITHM],
        issuer: this.issuer,
        audience: this.audience,
        typ: TYPE,
        clockTolerance: 5,
        currentDate: this.now(),
        requiredClaims: ['sub', 'exp', 'iat'],
      });
      if (typeof payload.sid !== 'string' || !payload.sub || typeof payload.exp !== 'number') return null;
      return { userId: payload.sub, sessionId: payload.sid, expiresAt: payload.exp * 1000 };
    } catch (error) {
      if (error instanceof errors.JOSEError || error instanceof TypeError) return null;
      throw error;
    }
  }
}
