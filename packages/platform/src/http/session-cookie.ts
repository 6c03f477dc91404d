import { parseCookies, serializeCookie } from './cookies.ts';

/**
 * The session cookie: HttpOnly, SameSite=Lax, Path=/. Behind HTTPS it is `Secure` with the
 * `__Host-` prefix (bound to our exact origin); on http://localhost it is a plain `sid`.
 */
export function sessionCookie(appOrigin: string) {
  const secure = new URL(appOrigin).protocol === 'https:';
  const name = secure ? '__Host-sid' : 'sid';
  return {
    name,
    read: (cookies: Record<string, string> | string[] | undefined): string | undefined =>
      (Array.isArray(cookies) || cookies === undefined ? parseCookies(cookies) : cookies)[name],
    set: (token: string, expiresAtMs: number, nowMs = Date.now()): string =>
      serializeCookie(name, token, { secure, httpOnly: true, sameSite: 'Lax', maxAgeSeconds: Math.max(0, (expiresAtMs - nowMs) / 1000) }),
    clear: (): string => serializeCookie(name, '', { secure, httpOnly: true, sameSite: 'Lax', maxAgeSeconds: 0 }),
  };
}
