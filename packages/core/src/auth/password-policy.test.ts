import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

import { ValidationError } from '../errors.ts';
// @ts-expect-error: a plain .mjs script without types
import { commonPasswordsText } from '../../scripts/common-passwords.mjs';
import COMMON_PASSWORDS_TEXT from './common-passwords.txt';
import { plainHasher } from '../testing/in-memory.ts';
import { acceptNewPassword, assertNotCurrentPassword, COMMON_PASSWORD_MESSAGE, isCommonPassword, SAME_PASSWORD_MESSAGE } from './password-policy.ts';

describe('password policy', () => {
  it('finds the most common leaked passwords in any case and with surrounding spaces', () => {
    for (const password of ['password', 'PASSWORD', '12345678', ' football ', 'Iloveyou', 'qwertyuiop'])
      expect(isCommonPassword(password), password).toBe(true);
    for (const password of ['correct horse battery', 'tY7#mQ2!vL9p', 'football fan since 1998']) expect(isCommonPassword(password), password).toBe(false);
  });

  it('refuses a common password with a ValidationError naming the field, and lets an uncommon one through', () => {
    let error: unknown;
    try {
      acceptNewPassword('Password1', 'password');
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({ message: COMMON_PASSWORD_MESSAGE, field: 'password' });
    expect(acceptNewPassword('another long phrase', 'newPassword')).toBe('another long phrase');
  });

  it('is the one policy: length and repeated characters (the contract rules), common list, not the current password', async () => {
    expect(() => acceptNewPassword('short', 'password')).toThrow(
      expect.objectContaining({ field: 'password', message: 'Password must be at least 8 characters long.' }),
    );
    expect(() => acceptNewPassword('x'.repeat(129), 'password')).toThrow(expect.objectContaining({ message: 'Password must be at most 128 characters long.' }));
    expect(() => acceptNewPassword(' '.repeat(8), 'password')).toThrow(
      expect.objectContaining({ message: 'Password must not be one character repeated (such as eight spaces).' }),
    );
    const current = await plainHasher.hash('correct horse');
    await expect(assertNotCurrentPassword(acceptNewPassword('correct horse', 'password'), current, plainHasher, 'password')).rejects.toMatchObject({
      field: 'password',
      message: SAME_PASSWORD_MESSAGE,
    });
    await expect(assertNotCurrentPassword(acceptNewPassword('battery staple', 'password'), current, plainHasher, 'password')).resolves.toBeUndefined();
  });

  it('loads the list from its text file and refuses its first and last word', () => {
    const words = COMMON_PASSWORDS_TEXT.trimEnd().split('\n');
    expect(words).toHaveLength(5000);
    expect([words[0], words.at(-1)]).toEqual(['password', '20011980']);
    for (const word of [words[0]!, words.at(-1)!]) expect(isCommonPassword(word), word).toBe(true);
  });

  it('ships the list the generator writes from the npm package (run scripts/common-passwords.mjs after an upgrade)', () => {
    const committed = readFileSync(join(import.meta.dirname, 'common-passwords.txt'), 'utf8');
    expect(committed).toBe(commonPasswordsText());
  });
});
