import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keys } from '@app/adapters/dynamodb/keys';
import { queryAll } from '@app/adapters/dynamodb/query';
import { PASSWORD, startHttpStack, uniqueEmail } from '../../../test/http-harness.ts';

let stack: Awaited<ReturnType<typeof startHttpStack>>;
beforeAll(async () => {
  stack = await startHttpStack();
});
afterAll(() => stack.close());

const message = (overrides: Record<string, unknown> = {}) => ({
  name: 'Ana',
  email: uniqueEmail('sender'),
  subject: 'Refund question',
  message: 'Hello <b>team</b>\nsecond line',
  ...overrides,
});

describe('contact messages', () => {
  it('are stored, emailed to support (reply-to the sender); admins read them in the inbox', async () => {
    const body = message();
    const res = await stack.client().post('/api/contact', body);
    expect(res.status).toBe(202);
    const mails = await stack.outbox();
    const toSupport = mails.find((m) => m.to === 'support@localhost' && m.replyTo === body.email);
    expect(toSupport?.subject).toBe('[Contact] Refund question');
    expect(toSupport?.text).toContain('Hello <b>team</b>');

    const staff = await stack.adminClient();
    const inbox = await staff.get('/api/admin/messages');
    expect(inbox.status).toBe(200);
    const stored = inbox.json.messages.find((m: { email: string }) => m.email === body.email);
    expect(stored).toMatchObject({ name: 'Ana', subject: 'Refund question', message: body.message, read: false });

    expect((await staff.post(`/api/admin/messages/${stored.id}/read`, { read: true })).status).toBe(200);
    const after = (await staff.get('/api/admin/messages')).json.messages.find((m: { id: string }) => m.id === stored.id);
    expect(after.read).toBe(true);
  });

  it('M4: never mail the typed address; acknowledge only a signed-in sender, at their confirmed address, quoting nothing', async () => {
    const victim = uniqueEmail('victim');
    const spam = message({ email: victim, subject: 'You won a prize', message: 'Click http://phish.example now' });
    expect((await stack.client().post('/api/contact', spam)).status).toBe(202);
    const member = stack.client();
    const { email: own } = await stack.signIn(member);
    expect((await member.post('/api/contact', { ...spam, name: 'Member' })).status).toBe(202);
    const mails = await stack.outbox();
    expect(mails.filter((m) => m.to === victim)).toEqual([]);
    expect(mails.filter((m) => m.to === 'support@localhost' && m.replyTo === victim)).toHaveLength(2);
    const acks = mails.filter((m) => m.to === own);
    expect(acks.map((m) => m.subject)).toEqual(['We received your message to AI Football Predictions']);
    for (const part of [acks[0]!.subject, acks[0]!.text, acks[0]!.html]) expect(part).not.toMatch(/prize|phish|Member/);
  });

  it('reach support from a sender taking a break, who gets no acknowledgement: during a break only the mail that gets a person into the account is sent', async () => {
    const member = stack.client();
    const { email: own } = await stack.signIn(member);
    expect((await member.post('/api/account/break', { duration: '7d' })).status).toBe(200);
    expect((await member.post('/api/contact', message({ subject: 'Help with my break' }))).status).toBe(202);
    const mails = await stack.outbox();
    expect(mails.filter((m) => m.to === 'support@localhost' && m.subject === '[Contact] Help with my break')).toHaveLength(1);
    expect(mails.filter((m) => m.to === own)).toEqual([]);
  });

  it('keep the inbox for admins only', async () => {
    const user = stack.client();
    await stack.signIn(user, uniqueEmail());
    expect((await user.get('/api/admin/messages')).status).toBe(403);
    expect((await stack.client().get('/api/admin/messages')).status).toBe(401);
    expect((await (await stack.adminClient()).post('/api/admin/messages/01ARZ3NDEKTSV4RRFFQ69G5FAV/read', { read: true })).status).toBe(404);
  });

  it('refuse invalid input with field messages, and drop a bot that filled the honeypot', async () => {
    const client = stack.client();
    const bad = await client.post('/api/contact', message({ email: 'not-an-email', message: '   ' }));
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.json)).toMatch(/valid email/);
    const bot = message({ website: 'http://spam.example' });
    expect((await client.post('/api/contact', bot)).status).toBe(202);
    expect((await stack.outbox()).some((m) => m.to === bot.email || m.replyTo === bot.email)).toBe(false);
  });

  it('are throttled per client network', async () => {
    const client = stack.client();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await client.post('/api/contact', message())).status);
    expect(statuses.slice(0, 5)).toEqual([202, 202, 202, 202, 202]);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('your data', () => {
  it('downloads the account, subscriptions and messages; deleting the account deletes messages and tokens', async () => {
    const client = stack.client();
    const email = uniqueEmail('mine');
    const { userId } = await stack.signIn(client, email);
    await client.post('/api/contact', message({ email, subject: 'About my data' }));
    expect((await stack.client().post('/api/auth/password-reset', { email })).status).toBe(202);
    await stack.queue.drain();
    expect(
      (
        await queryAll(stack.table.doc, {
          TableName: stack.table.tableName,
          KeyConditionExpression: 'PK = :pk AND begins_with(SK, :t)',
          ExpressionAttributeValues: { ':pk': keys.userPartition(userId), ':t': 'TOKEN#' },
        })
      ).length,
    ).toBe(1);

    const res = await client.get('/api/account/export');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="[\w-]+\.json"$/);
    expect(res.json.account).toMatchObject({ email, emailVerified: true, role: 'user' });
    expect(res.json.subscriptions).toEqual([]);
    expect(res.json.messages.map((m: { subject: string }) => m.subject)).toEqual(['About my data']);
    expect(res.text).not.toMatch(/passwordHash|secretHash|scrypt/);

    const messageId = res.json.messages[0].id;
    expect(await (await stack.composition.contactMessages()).get(messageId)).toBeDefined();
    expect((await client.post('/api/auth/delete-account', { password: PASSWORD })).status).toBe(200);
    expect(await (await stack.composition.contactMessages()).get(messageId)).toBeUndefined();
    // The reset token (issued when the email consumer ran) went with the rest of the collection.
    const left = await queryAll(stack.table.doc, {
      TableName: stack.table.tableName,
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.userPartition(userId) },
    });
    expect(left).toEqual([]);
  });
});
