import { describe, expect, it } from 'vitest';
import { accountExistsMessage, contactAcknowledgementMessage, contactToSupportMessage, passwordResetMessage, verifyEmailMessage } from './templates.ts';

const ctx = { appOrigin: 'https://predictions.example.com', productName: 'Football Predictions' };
const message = {
  id: 'M1',
  name: 'Eve <script>',
  email: 'eve@example.com',
  subject: 'Hi & "bye"',
  body: '<img src=x onerror=alert(1)>\nline 2',
  createdAt: '2026-11-23T10:00:00.000Z',
};

describe('email templates', () => {
  it('put the same link in the text and the HTML part, with the token encoded', () => {
    const token = 'U1.abc-_DEF';
    for (const [mail, path] of [
      [verifyEmailMessage(ctx, 'ana@example.com', token), '/verify-email'],
      [passwordResetMessage(ctx, 'ana@example.com', token), '/reset-password'],
    ] as const) {
      const url = `https://predictions.example.com${path}?token=U1.abc-_DEF`;
      expect(mail.to).toBe('ana@example.com');
      expect(mail.text).toContain(url);
      expect(mail.html).toContain(`href="${url}"`);
    }
    expect(passwordResetMessage(ctx, 'a@b.c', token).text).toMatch(/30 minutes/);
    expect(verifyEmailMessage(ctx, 'a@b.c', token).text).toMatch(/24 hours/);
  });

  it('escape what a sender typed in the HTML part, and forward to support with reply-to the sender', () => {
    const toSupport = contactToSupportMessage(ctx, 'support@example.com', message);
    expect(toSupport).toMatchObject({ to: 'support@example.com', replyTo: 'eve@example.com', subject: '[Contact] Hi & "bye"' });
    expect(toSupport.text).toContain('<img src=x onerror=alert(1)>');
    expect(toSupport.html).not.toMatch(/<img|<script/);
    expect(toSupport.html).toContain('&lt;img src=x onerror=alert(1)&gt;<br>line 2');
  });

  it('M4: the contact acknowledgement goes to the address it is given and quotes nothing the sender typed', () => {
    const ack = contactAcknowledgementMessage(ctx, 'ana@example.com', message.createdAt);
    expect(ack.to).toBe('ana@example.com');
    for (const part of [ack.subject, ack.text, ack.html]) {
      for (const typed of ['Eve', 'Hi &', 'img', 'line 2']) expect(part).not.toContain(typed);
    }
    expect(ack.text).toContain('2026-11-23 10:00 UTC');
  });

  it('tells the owner of a taken address how to get in, without a token', () => {
    const mail = accountExistsMessage(ctx, 'ana@example.com');
    expect(mail.to).toBe('ana@example.com');
    expect(mail.text).toContain('https://predictions.example.com/login');
    expect(mail.text).toContain('https://predictions.example.com/forgot-password');
    expect(mail.html).toContain('href="https://predictions.example.com/forgot-password"');
    expect(mail.text).not.toMatch(/token=/);
  });
});
