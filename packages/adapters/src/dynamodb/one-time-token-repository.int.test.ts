import { describe, expect, it } from 'vitest';
import { fixedClock } from '@app/core/clock';
import { makeOneTimeTokens, TOKEN_LIFETIME_MS } from '@app/core/auth/one-time-tokens';
import { createTestTable } from './testing/test-table.ts';
import { DynamoOneTimeTokenRepository } from './one-time-token-repository.ts';
import { DynamoUserRepository } from './user-repository.ts';
import { keys } from './keys.ts';
import { GetCommand } from '@aws-sdk/lib-dynamodb';

async function setup() {
  const table = await createTestTable();
  const clock = fixedClock('2026-11-23T12:00:00Z');
  const store = new DynamoOneTimeTokenRepository(table.doc, table.tableName);
  return { table, clock, tokens: makeOneTimeTokens(store, () => clock.now().getTime()), users: new DynamoUserRepository(table.doc, table.tableName) };
}

describe('single-use tokens in DynamoDB', () => {
  it('stores only a hash of the secret, with the TTL at the expiry', async () => {
    const { table, tokens } = await setup();
    const token = await tokens.issue('U1', 'password-reset');
    const secret = token.split('.')[1]!;
    const item = (await table.doc.send(new GetCommand({ TableName: table.tableName, Key: keys.userToken('U1', 'password-reset') }))).Item!;
    expect(JSON.stringify(item)).not.toContain(secret);
    expect(item.secretHash).toMatch(/^[0-9a-f]{64}$/);
    expect(item.expiresAt).toBe(Date.parse('2026-11-23T12:30:00Z') / 1000);
  });

  it('a reset token works once', async () => {
    const { tokens } = await setup();
    const token = await tokens.issue('U1', 'password-reset');
    expect(await tokens.consume(token, 'password-reset')).toBe('U1');
    expect(await tokens.consume(token, 'password-reset')).toBeUndefined();
  });

  it('of two concurrent uses, exactly one succeeds', async () => {
    const { tokens } = await setup();
    const token = await tokens.issue('U1', 'password-reset');
    const results = await Promise.all([1, 2, 3, 4].map(() => tokens.consume(token, 'password-reset')));
    expect(results.filter(Boolean)).toEqual(['U1']);
  });

  it('a reset token dies after 30 minutes, a verification token after 24 hours', async () => {
    const { tokens, clock } = await setup();
    const reset = await tokens.issue('U1', 'password-reset');
    const verify = await tokens.issue('U1', 'verify-email');
    expect(TOKEN_LIFETIME_MS['password-reset']).toBe(30 * 60 * 1000);
    clock.advance(30 * 60 * 1000);
    expect(await tokens.consume(reset, 'password-reset')).toBeUndefined();
    clock.advance(24 * 60 * 60 * 1000 - 30 * 60 * 1000 - 1);
    expect(await tokens.consume(verify, 'verify-email')).toBe('U1');
  });

  it('just before expiry the token still works; a new token replaces the old one', async () => {
    const { tokens, clock } = await setup();
    const old = await tokens.issue('U1', 'password-reset');
    const current = await tokens.issue('U1', 'password-reset');
    expect(await tokens.consume(old, 'password-reset')).toBeUndefined();
    clock.advance(30 * 60 * 1000 - 1);
    expect(await tokens.consume(current, 'password-reset')).toBe('U1');
  });

  it('a token of one purpose or user never opens another', async () => {
    const { tokens } = await setup();
    const verify = await tokens.issue('U1', 'verify-email');
    expect(await tokens.consume(verify, 'password-reset')).toBeUndefined();
    expect(await tokens.consume(verify.replace('U1.', 'U2.'), 'verify-email')).toBeUndefined();
    expect(await tokens.consume('not a token', 'verify-email')).toBeUndefined();
    expect(await tokens.consume(verify, 'verify-email')).toBe('U1');
  });

  it('check tells a live token without using it up', async () => {
    const { tokens, clock } = await setup();
    const token = await tokens.issue('U1', 'password-reset');
    expect(await tokens.check(token, 'password-reset')).toBe('U1');
    expect(await tokens.check(token, 'verify-email')).toBeUndefined();
    expect(await tokens.consume(token, 'password-reset')).toBe('U1');
    expect(await tokens.check(token, 'password-reset')).toBeUndefined();
    const late = await tokens.issue('U1', 'password-reset');
    clock.advance(30 * 60 * 1000);
    expect(await tokens.check(late, 'password-reset')).toBeUndefined();
  });

  it('a reset link dies with any password change (the same write as the new hash); the verification link lives on', async () => {
    const { tokens, users } = await setup();
    await users.create({ id: 'U1', email: 'u1@example.com', passwordHash: 'old', role: 'user', createdAt: '2026-11-23T12:00:00Z', subscriptions: {} });
    const reset = await tokens.issue('U1', 'password-reset');
    const verify = await tokens.issue('U1', 'verify-email');
    expect(await users.setPasswordHash('U1', 'new', 0)).toBe(1);
    expect(await tokens.consume(reset, 'password-reset')).toBeUndefined();
    expect(await tokens.consume(verify, 'verify-email')).toBe('U1');
    await expect(users.setPasswordHash('nobody', 'x', 0)).rejects.toMatchObject({ kind: 'not_found' });
  });
});
