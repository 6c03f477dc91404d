import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

import { ValidationError } from '../errors.ts';
// @ts-expect-error: a plain .mjs script without types
import { commonPasswordsText } from '../../scripts/common-passwords.mjs';
import COMMON_PASSWORDS_TEXT from './common-passwords.txt';
import { assertNotCommonPassword, COMMON_PASSWORD_MESSAGE, isCommonPassword } from './password-policy.ts';

describe('password policy', () => {
  it('finds the most common leaked passwords in any case and with surrounding spaces', () => {
    for (const password of ['password', 'PASSWORD', '12345678', ' football ', 'Iloveyou', 'qwertyuiop']) expect(isCommonPassword(password), password).toBe(true);
    for (const password of ['correct horse battery', 'tY7#mQ2!vL9p', 'football fan since 1998']) expect(isCommonPassword(password), password).toBe(false);
  });

  it('refuses a common password with a ValidationError naming the field, and lets an uncommon one through', () => {
    let error: unknown;
    try {
      assertNotCommonPassword('Password1', 'password');
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({ message: COMMON_PASSWORD_MESSAGE, field: 'password' });
    expect(() => assertNotCommonPassword('another long phrase', 'newPassword')).not.toThrow();
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
