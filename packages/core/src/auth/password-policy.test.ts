import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

import { ValidationError } from '../errors.ts';
// @ts-expect-error: a plain .mjs script without types
import { commonPasswordsSource } from '../../scripts/common-passwords.mjs';
import { assertAcceptableNewPassword, COMMON_PASSWORD_MESSAGE, isCommonPassword, SAME_PASSWORD_MESSAGE } from './password-policy.ts';

describe('password policy', () => {
  it('finds the most common leaked passwords in any case and with surrounding spaces', () => {
    for (const password of ['password', 'PASSWORD', '12345678', ' football ', 'Iloveyou', 'qwertyuiop']) expect(isCommonPassword(password), password).toBe(true);
    for (const password of ['correct horse battery', 'tY7#mQ2!vL9p', 'football fan since 1998']) expect(isCommonPassword(password), password).toBe(false);
  });

  it('refuses a common password, naming the field', () => {
    const error = (() => {
      try {
        assertAcceptableNewPassword('Password1', { field: 'password' });
      } catch (caught) {
        return caught;
      }
    })();
    if (!isCommonPassword('Password1')) expect.fail('Password1 should be on the list');
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({ message: COMMON_PASSWORD_MESSAGE, field: 'password' });
  });

  it('refuses a new password equal to the current one, and accepts a different uncommon one', () => {
    expect(() => assertAcceptableNewPassword('correct horse battery', { field: 'newPassword', current: 'correct horse battery' })).toThrow(SAME_PASSWORD_MESSAGE);
    expect(() => assertAcceptableNewPassword('another long phrase', { field: 'newPassword', current: 'correct horse battery' })).not.toThrow();
  });

  it('ships the list the generator writes from the npm package (run scripts/common-passwords.mjs after an upgrade)', () => {
    const committed = readFileSync(join(import.meta.dirname, 'common-passwords.ts'), 'utf8');
    expect(committed).toBe(commonPasswordsSource());
  });
});
