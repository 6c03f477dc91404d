import { describe, expect, it } from 'vitest';
import { memoAsync, rebuildOnChange } from './memo.ts';

describe('memoAsync', () => {
  it('builds once, and again after a failed build', async () => {
    let calls = 0;
    const value = memoAsync(async () => {
      calls += 1;
      if (calls === 1) throw new Error('cold start failed');
      return calls;
    });
    await expect(value()).rejects.toThrow('cold start failed');
    expect(await value()).toBe(2);
    expect(await value()).toBe(2);
  });
});

describe('rebuildOnChange', () => {
  it('keeps the value while the key is the same and rebuilds it when the key changes (a rotated secret)', async () => {
    // Prepare
    let secret = 'key-A';
    const builds: string[] = [];
    const signer = rebuildOnChange(
      async () => secret,
      (key) => {
        builds.push(key);
        return { sign: (s: string) => `${s}.${key}` };
      },
    );

    // Act
    const before = [(await signer()).sign('x'), (await signer()).sign('y')];
    secret = 'key-B';
    const after = (await signer()).sign('x');

    // Assess
    expect(before).toEqual(['x.key-A', 'y.key-A']);
    expect(after).toBe('x.key-B');
    expect(builds).toEqual(['key-A', 'key-B']);
  });

  it('builds again after a failed build, and compares keys with the given equality', async () => {
    let attempt = 0;
    const value = rebuildOnChange(
      async () => ({ token: 't1' }),
      () => {
        attempt += 1;
        if (attempt === 1) throw new Error('bad key');
        return attempt;
      },
      (a, b) => a.token === b.token,
    );
    await expect(value()).rejects.toThrow('bad key');
    expect(await value()).toBe(2);
    expect(await value()).toBe(2);
  });
});
