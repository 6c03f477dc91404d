import { beforeAll, describe, expect, it } from 'vitest';
import { createTestTable } from './testing/test-table.ts';
import { DynamoUserRepository } from './user-repository.ts';

let table: Awaited<ReturnType<typeof createTestTable>>;
let users: DynamoUserRepository;
beforeAll(async () => {
  table = await createTestTable();
  users = new DynamoUserRepository(table.doc, table.tableName);
});

const user = (id: string) => ({
  id,
  email: `${id}@example.com`,
  passwordHash: 'x',
  role: 'user' as const,
  createdAt: '2026-03-14T10:00:00.000Z',
  subscriptions: {},
  termsVersion: '2026-11-25',
  termsAcceptedAt: '2026-03-14T10:00:00.000Z',
  ageConfirmedAt: '2026-03-14T10:00:00.000Z',
});

describe('DynamoUserRepository: consent, breaks and self-exclusion (docs/decisions/0160-breaks-and-self-exclusion.md)', () => {
  it('keeps what the sign-up accepted', async () => {
    await users.create(user('u_terms'));
    expect(await users.get('u_terms')).toMatchObject({
      termsVersion: '2026-11-25',
      termsAcceptedAt: '2026-03-14T10:00:00.000Z',
      ageConfirmedAt: '2026-03-14T10:00:00.000Z',
    });
  });

  it('starts a break only when it ends later than the stored one, so racing requests keep the longest', async () => {
    await users.create(user('u_break'));
    const week = '2026-03-21T10:00:00.000Z';
    const month = '2026-04-13T10:00:00.000Z';
    const outcomes = await Promise.allSettled([
      users.startBreak('u_break', '2026-03-14T10:00:00.000Z', week),
      users.startBreak('u_break', '2026-03-14T10:00:00.000Z', month),
    ]);
    expect((await users.get('u_break'))!.breakUntil).toBe(month);
    // Whichever came second: the longer one succeeded, a shorter one after it was refused with the stored end.
    for (const outcome of outcomes)
      if (outcome.status === 'rejected') expect(outcome.reason).toMatchObject({ name: 'BreakCannotBeShortenedError', breakUntil: month });
    await expect(users.startBreak('u_break', '2026-03-15T10:00:00.000Z', week)).rejects.toMatchObject({
      name: 'BreakCannotBeShortenedError',
      kind: 'conflict',
      breakUntil: month,
    });
    await expect(users.startBreak('u_break', '2026-03-15T10:00:00.000Z', month)).rejects.toMatchObject({ name: 'BreakCannotBeShortenedError' });
    await expect(users.startBreak('nobody', '2026-03-15T10:00:00.000Z', month)).rejects.toMatchObject({ kind: 'not_found' });
  });

  it('records a self-exclusion; an earlier end never replaces a later one', async () => {
    await users.create(user('u_excl'));
    await users.selfExclude('u_excl', '2026-03-14T10:00:00.000Z', '2026-09-14T10:00:00.000Z');
    await users.selfExclude('u_excl', '2026-03-10T10:00:00.000Z', '2026-09-10T10:00:00.000Z');
    expect(await users.get('u_excl')).toMatchObject({
      selfExcludedAt: '2026-03-14T10:00:00.000Z',
      selfExcludedUntil: '2026-09-14T10:00:00.000Z',
      passwordEpoch: 1,
    });
    await expect(users.selfExclude('nobody', '2026-03-14T10:00:00.000Z', '2026-09-14T10:00:00.000Z')).rejects.toMatchObject({ kind: 'not_found' });
  });
});

describe('DynamoUserRepository: the password epoch (docs/decisions/0201-sessions-bound-to-the-password.md)', () => {
  it('moves the epoch on with the hash, only from the epoch the caller read: of two racing changes one wins, the other is refused', async () => {
    await users.create(user('u_epoch'));
    expect(await users.get('u_epoch')).not.toHaveProperty('passwordEpoch');
    const both = await Promise.allSettled([users.setPasswordHash('u_epoch', 'a', 0), users.setPasswordHash('u_epoch', 'b', 0)]);
    expect(both.filter((r) => r.status === 'fulfilled').map((r) => (r as PromiseFulfilledResult<number>).value)).toEqual([1]);
    expect(both.find((r) => r.status === 'rejected')).toMatchObject({ reason: { name: 'PasswordChangedMeanwhileError', kind: 'conflict' } });
    expect((await users.get('u_epoch'))!.passwordEpoch).toBe(1);
    expect(await users.setPasswordHash('u_epoch', 'c', 1)).toBe(2);
    await expect(users.setPasswordHash('u_epoch', 'd', 1)).rejects.toMatchObject({ name: 'PasswordChangedMeanwhileError' });
    expect(await users.get('u_epoch')).toMatchObject({ passwordHash: 'c', passwordEpoch: 2 });
  });
});
