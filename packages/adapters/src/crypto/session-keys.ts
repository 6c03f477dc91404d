import { createHash } from 'node:crypto';

/** At most this many keys at once: the signing key and the ones still accepted during a rotation. */
const MAX_KEYS = 3;

/**
 * The keys in the session secret: one, or several separated by whitespace during a rotation
 * (docs/deploy.md "Rotating secrets", docs/decisions/0243-session-keys-rotated-by-list.md). The first signs; every one verifies. Each is at least 32
 * characters.
 */
export function sessionKeys(secret: string): string[] {
  const keys = secret.trim().split(/\s+/).filter(Boolean);
  if (keys.length === 0 || keys.some((k) => k.length < 32)) throw new Error('The session secret must be at least 32 characters');
  if (keys.length > MAX_KEYS) throw new Error(`The session secret holds ${keys.length} keys; at most ${MAX_KEYS} (the signing key first)`);
  return keys;
}

/** A key's id in the token header (`kid`): a short hash that names the key without revealing it. */
export function keyId(key: string): string {
  return createHash('sha256').update(key).digest('base64url').slice(0, 12);
}
