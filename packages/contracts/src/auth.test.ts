import { describe, expect, it } from 'vitest';
import { LoginBodySchema, PASSWORD_ONE_CHARACTER_MESSAGE, RegisterBodySchema } from './auth.ts';
import { ACCEPT_TERMS_MESSAGE } from './responsible-gambling.ts';

/** A sign-up body with the box ticked. */
const signUp = (fields: { email: string; password: string }) => ({ ...fields, acceptTerms: true, confirmAge: true });

describe('auth contracts', () => {
  it('trims and lower-cases the email', () => {
    expect(RegisterBodySchema.parse(signUp({ email: '  Ana@Example.COM ', password: 'correct horse' })).email).toBe('ana@example.com');
  });

  it('enforces 8 to 128 characters for a new password, with the message of docs/decisions/0015-minimum-password-length-8.md', () => {
    const short = RegisterBodySchema.safeParse(signUp({ email: 'a@example.com', password: 'short' }));
    expect(short.success).toBe(false);
    expect(short.error?.issues[0]?.message).toBe('Password must be at least 8 characters long.');
    expect(RegisterBodySchema.safeParse(signUp({ email: 'a@example.com', password: 'x'.repeat(129) })).success).toBe(false);
    expect(RegisterBodySchema.safeParse(signUp({ email: 'a@example.com', password: 'xy'.repeat(64) })).success).toBe(true);
  });

  it('refuses a new password that is one character repeated, such as eight spaces', () => {
    for (const password of ['        ', 'aaaaaaaa', 'x'.repeat(128)]) {
      const result = RegisterBodySchema.safeParse(signUp({ email: 'a@example.com', password }));
      expect(result.success, JSON.stringify(password)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(PASSWORD_ONE_CHARACTER_MESSAGE);
    }
    expect(RegisterBodySchema.safeParse(signUp({ email: 'a@example.com', password: ' a      ' })).success).toBe(true);
  });

  it('refuses a sign-up without both boxes true, with the field and one message', () => {
    for (const body of [{}, { acceptTerms: true }, { confirmAge: true }, { acceptTerms: 'yes', confirmAge: true }, { acceptTerms: true, confirmAge: false }]) {
      const result = RegisterBodySchema.safeParse({ email: 'a@example.com', password: 'correct horse', ...body });
      expect(result.success, JSON.stringify(body)).toBe(false);
      expect(result.error?.issues.map((i) => i.message)).toContain(ACCEPT_TERMS_MESSAGE);
      expect(result.error?.issues.every((i) => ['acceptTerms', 'confirmAge'].includes(String(i.path[0])))).toBe(true);
    }
  });

  it('lets an existing short password log in, but never an empty one', () => {
    expect(LoginBodySchema.safeParse({ email: 'a@example.com', password: 'abc' }).success).toBe(true);
    expect(LoginBodySchema.safeParse({ email: 'a@example.com', password: '' }).success).toBe(false);
  });

  it('rejects something that is not an email', () => {
    expect(LoginBodySchema.safeParse({ email: 'not-an-email', password: 'x' }).success).toBe(false);
    expect(LoginBodySchema.safeParse({ email: 42, password: 'x' }).success).toBe(false);
  });
});
