import { describe, expect, it } from 'vitest';
import { ViolationError } from '../../src/contract/expect.js';
import { SharedReadMemo, queryKey } from '../../src/engine/shared-reads.js';
import type { HttpClient } from '../../src/contract/types.js';

const http = { send: async () => { throw new Error('not used'); }, exchanges: [] } as unknown as HttpClient;

describe('shared reads: a walk or total asked once for every check of a run', () => {
  it('the first asker loads, later ones (even while it is in flight) get the same answer', async () => {
    const memo = new SharedReadMemo(http);
    let loads = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const load = async (client: HttpClient) => {
      expect(client).toBe(http);
      loads += 1;
      await gate;
      return { pages: loads };
    };
    const a = memo.forCheck();
    const b = memo.forCheck();
    const first = a.read('walk x', load);
    const second = b.read('walk x', load);
    release();
    expect(await first).toBe(await second);
    expect(loads).toBe(1);
    expect(memo.size).toBe(1);
    await memo.forCheck().read('walk y', load);
    expect(loads).toBe(2);
  });

  it('a view says whether its check used a shared answer', async () => {
    const memo = new SharedReadMemo(http);
    const unused = memo.forCheck();
    const used = memo.forCheck();
    await used.read('k', async () => 1);
    expect(unused.used).toBe(false);
    expect(used.used).toBe(true);
  });

  it('a violation is shared like an answer; any other failure is forgotten, so the next asker asks again', async () => {
    const memo = new SharedReadMemo(http);
    let calls = 0;
    const violating = async () => {
      calls += 1;
      throw new ViolationError({ message: 'page must be 200', expected: '200', received: '500' });
    };
    await expect(memo.forCheck().read('v', violating)).rejects.toBeInstanceOf(ViolationError);
    await expect(memo.forCheck().read('v', violating)).rejects.toBeInstanceOf(ViolationError);
    expect(calls).toBe(1);
    let attempts = 0;
    const flaky = async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('socket hang up');
      return 'ok';
    };
    await expect(memo.forCheck().read('t', flaky)).rejects.toThrow('socket hang up');
    expect(await memo.forCheck().read('t', flaky)).toBe('ok');
    expect(attempts).toBe(2);
  });

  it('a query key ignores parameter order and undefined or null values', () => {
    expect(queryKey({ b: 2, a: 'x', c: undefined, d: null })).toBe(queryKey({ a: 'x', b: 2 }));
    expect(queryKey({ a: 1 })).not.toBe(queryKey({ a: '1' }));
  });
});
