import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import type { PasswordHasher } from '@app/core/auth/ports';

/** OWASP's scrypt row: N = 2^17, r = 8, p = 1 (OWASP Password Storage Cheat Sheet; docs/architecture.md#security). */
export const SCRYPT_LOG_N = 17;
export const SCRYPT_R = 8;
export const SCRYPT_P = 1;
const KEY_LENGTH = 32;
const SALT_BYTES = 16;

function derive(password: string, salt: Buffer, logN: number, r: number, p: number): Promise<Buffer> {
  const N = 2 ** logN;
  // 128 * N * r bytes are needed; Node's default limit (32 MiB) rejects N = 2^17.
  const options: ScryptOptions = { N, r, p, maxmem: 128 * N * r * 2 };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

/**
 * scrypt with a 16-byte random salt, stored as a self-describing string
 * `scrypt$ln=17,r=8,p=1$<salt b64>$<hash b64>`, compared in constant time. A hash is checked with
 * the cost written in it; new hashes get `logN` (OWASP's 17 unless a test stack asks for less:
 * docs/decisions/0272-test-stacks-hash-passwords-cheaper.md).
 */
export class ScryptPasswordHasher implements PasswordHasher {
  constructor(private readonly logN: number = SCRYPT_LOG_N) {
    if (!Number.isInteger(logN) || logN < 10 || logN > SCRYPT_LOG_N)
      throw new RangeError(`scrypt's log2 N must be an integer from 10 to ${SCRYPT_LOG_N}, got ${logN}`);
  }

  async hash(password: string): Promise<string> {
    const salt = randomBytes(SALT_BYTES);
    const key = await derive(password, salt, this.logN, SCRYPT_R, SCRYPT_P);
    return `scrypt$ln=${this.logN},r=${SCRYPT_R},p=${SCRYPT_P}$${salt.toString('base64')}$${key.toString('base64')}`;
  }

  async verify(password: string, stored: string): Promise<boolean> {
    const match = /^scrypt\$ln=(\d+),r=(\d+),p=(\d+)\$([A-Za-z0-9+/=]+)\$([A-Za-z0-9+/=]+)$/.exec(stored);
    if (!match) return false;
    const [, logN, r, p, salt, hash] = match;
    const expected = Buffer.from(hash!, 'base64');
    const key = await derive(password, Buffer.from(salt!, 'base64'), Number(logN), Number(r), Number(p));
    return key.length === expected.length && timingSafeEqual(key, expected);
  }
}
