import { describe, expect, it } from 'vitest';
import { ContactBodySchema } from './contact.ts';

const valid = { name: ' Ana ', email: 'Ana@Example.com', subject: 'Refund', message: 'Line 1\nLine 2' };

describe('ContactBodySchema', () => {
  it('trims the fields and normalises the email, keeping the message lines', () => {
    expect(ContactBodySchema.parse(valid)).toEqual({ name: 'Ana', email: 'ana@example.com', subject: 'Refund', message: 'Line 1\nLine 2' });
  });

  it('refuses empty fields, line breaks in the name or subject, unknown fields and oversized text', () => {
    for (const bad of [
      { ...valid, name: '   ' },
      { ...valid, subject: 'Hi\r\nBcc: victim@example.com' },
      { ...valid, name: 'A\nB' },
      { ...valid, message: 'x'.repeat(5001) },
      { ...valid, extra: 1 },
      { ...valid, email: 'nope' },
    ]) {
      expect(ContactBodySchema.safeParse(bad).success, JSON.stringify(bad).slice(0, 60)).toBe(false);
    }
    expect(ContactBodySchema.safeParse({ ...valid, website: 'http://spam.example' }).success).toBe(true);
  });
});
