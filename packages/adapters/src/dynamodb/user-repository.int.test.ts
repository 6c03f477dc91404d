import { beforeAll, describe, expect, it } from 'vitest';
import type { StoredTrackedBet } from '@app/core/my-bets/bet';
import { createTestTable } from './testing/test-table.ts';
import { DynamoTrackedBetRepository } from './tracked-bet-repository.ts';
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

describe('DynamoTrackedBetRepository: each access pattern (docs/decisions/0300-my-bets.md)', () => {
  const bet = (userId: string, id: string, fixtureId = 'fx_bets'): StoredTrackedBet => ({
    userId,
    id,
    fixtureId,
    leagueId: 'L1',
    leagueName: 'League One',
    homeTeam: 'Alpha',
    awayTeam: 'Bravo',
    kickoff: '2026-03-15T15:00:00.000Z',
    market: '1x2',
    selection: 'home',
    line: null,
    price: 2.05,
    bookmaker: 'Velox',
    stake: 20,
    placedAt: '2026-03-14T10:00:00.000Z',
    createdAt: '2026-03-14T10:00:00.000Z',
    flag: { price: 2.1, bookmaker: 'Northbet' },
  });
  const outcome = { result: 'won' as const, score: { home: 1, away: 0 }, profit: 21, settledAt: '2026-03-15T17:00:00.000Z' };

  it("lists a user's bets by time and counts them; reads, edits and deletes only in the owner's collection", async () => {
    const bets = new DynamoTrackedBetRepository(table.doc, table.tableName);
    await bets.add([bet('u_bets', 'mf0000002-bbbbbbbb'), bet('u_bets', 'mf0000001-aaaaaaaa')]);
    await bets.add([bet('u_other', 'mf0000003-cccccccc')]);
    expect((await bets.listByUser('u_bets')).map((b) => b.id)).toEqual(['mf0000001-aaaaaaaa', 'mf0000002-bbbbbbbb']);
    expect(await bets.count('u_bets')).toBe(2);
    expect(await bets.get('u_bets', 'mf0000001-aaaaaaaa')).toEqual(bet('u_bets', 'mf0000001-aaaaaaaa'));
    expect(await bets.get('u_other', 'mf0000001-aaaaaaaa')).toBeUndefined();
    expect(await bets.update('u_other', 'mf0000001-aaaaaaaa', { stake: 1 })).toBe(false);
    expect(await bets.remove('u_other', 'mf0000001-aaaaaaaa')).toBe(false);
    expect(await bets.get('u_other', 'mf0000001-aaaaaaaa')).toBeUndefined();
    expect(await bets.update('u_bets', 'mf0000001-aaaaaaaa', { stake: 5, bookmaker: null })).toBe(true);
    expect(await bets.get('u_bets', 'mf0000001-aaaaaaaa')).toMatchObject({ stake: 5, bookmaker: null, price: 2.05 });
    expect(await bets.remove('u_bets', 'mf0000002-bbbbbbbb')).toBe(true);
    expect(await bets.count('u_bets')).toBe(1);
  });

  it("lists a fixture's open bets across users; settling takes a bet out of it, once", async () => {
    const bets = new DynamoTrackedBetRepository(table.doc, table.tableName);
    await bets.add([bet('u_s1', 'mf0000004-dddddddd', 'fx_open')]);
    await bets.add([bet('u_s2', 'mf0000005-eeeeeeee', 'fx_open')]);
    await bets.add([bet('u_s2', 'mf0000006-ffffffff', 'fx_later')]);
    const open = await bets.listOpenForFixture('fx_open');
    expect(open.map((b) => b.userId).sort()).toEqual(['u_s1', 'u_s2']);
    expect(await bets.settle(open[0]!, outcome)).toBe(true);
    expect(await bets.settle(open[0]!, { ...outcome, result: 'lost', profit: -20 })).toBe(false);
    expect(await bets.get(open[0]!.userId, open[0]!.id)).toMatchObject(outcome);
    expect((await bets.listOpenForFixture('fx_open')).map((b) => b.id)).toEqual([open[1]!.id]);
    expect(await bets.settle({ userId: 'u_s1', id: 'mf0000009-nobodyzz' }, outcome)).toBe(false);
  });

  it('goes with the account: deleting the user removes their bets and their open-bet index entries', async () => {
    const bets = new DynamoTrackedBetRepository(table.doc, table.tableName);
    await users.create(user('u_gone'));
    await bets.add([bet('u_gone', 'mf0000007-gggggggg', 'fx_gone')]);
    await users.delete((await users.get('u_gone'))!);
    expect(await bets.listByUser('u_gone')).toEqual([]);
    expect(await bets.listOpenForFixture('fx_gone')).toEqual([]);
  });
});
