import { SignJWT, errors, jwtVerify } from 'jose';
import type { SessionClaims, SessionTokens } from '@app/core/auth/ports';

const ALGORITHM = 'HS256';
const TYPE = 'session+jwt';

/**
 * The session cookie's token: HS256 with a key from configuration; algorithm allow-list,
 * issuer, audience, type and expiry checked on every verify. It only points at the server-side
 * session, which is what makes it revocable.
 */
export class JoseSessionTokens implements SessionTokens {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly issuer: string,
    private readonly audience: string,
    /** The app's clock (issued-at and expiry checks), so tests on a fixed clock are not judged by the wall clock. */
    private readonly now: () => Date = () => new Date(),
  ) {
    if (secret.length < 32) throw new Error('The session secret must be at least 32 characters');
    this.key = new TextEncoder().encode(secret);
  }

  async sign(claims: SessionClaims): Promise<string> {
    return new SignJWT({ sid: claims.sessionId })
      .setProtectedHeader({ alg: ALGORITHM, typ: TYPE })
      .setSubject(claims.userId)
      .setIssuer(this.issuer)
      .setAudience(this.audience)
      .setIssuedAt(this.now())
      .setExpirationTime(Math.floor(claims.expiresAt / 1000))
      .sign(this.key);
  }

  async verify(token: string): Promise<SessionClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
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
