import { describe, expect, it } from 'vitest';
import { schedule } from '../../src/engine/scheduler.js';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A fake item: how long it takes, whether it runs alone, whether it throws. */
interface Item {
  ms: number;
  exclusive?: boolean;
  lock?: string;
  throws?: boolean;
}

/** Runs fake items and records what happened: releases in order, the most in flight, who overlapped an exclusive item. */
async function runItems(items: readonly Item[], workers: number, priority?: (i: number) => number) {
  const released: Array<[number, string]> = [];
  const started: number[] = [];
  const inFlight = new Set<number>();
  let most = 0;
  const overlappedExclusive: number[] = [];
  /** Pairs (earlier-ended-after-later-started or both in flight) of items of one lock. */
  const lockClashes: Array<[number, number]> = [];
  const endedItems = new Set<number>();
  await schedule<string>(items.length, {
    workers,
    exclusive: (i) => items[i]!.exclusive === true,
    lock: (i) => items[i]!.lock,
    ...(priority ? { priority } : {}),
    run: async (i) => {
      started.push(i);
      inFlight.add(i);
      most = Math.max(most, inFlight.size);
      for (const j of inFlight) if (j !== i && (items[j]!.exclusive || items[i]!.exclusive)) overlappedExclusive.push(i);
      const lock = items[i]!.lock;
      if (lock !== undefined) for (let j = 0; j < i; j += 1) if (items[j]!.lock === lock && !endedItems.has(j)) lockClashes.push([j, i]);
      await sleep(items[i]!.ms);
      inFlight.delete(i);
      endedItems.add(i);
      if (items[i]!.throws) throw new Error(`item ${i} broke`);
      return `ok ${i}`;
    },
    failed: (i, err) => `error ${i}: ${(err as Error).message}`,
    release: (i, result) => {
      released.push([i, result]);
    },
  });
  return { released, started, most, overlappedExclusive, lockClashes };
}

describe('schedule', () => {
  it('with a priority, starts the highest first between exclusive items, and still releases in run order', async () => {
    const items: Item[] = [{ ms: 5 }, { ms: 30 }, { ms: 5 }, { ms: 20 }, { ms: 1, exclusive: true }, { ms: 5 }, { ms: 25 }];
    const { released, started, overlappedExclusive } = await runItems(items, 2, (i) => items[i]!.ms);
    expect(started).toEqual([1, 3, 0, 2, 4, 6, 5]);
    expect(released.map(([i]) => i)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(overlappedExclusive).toEqual([]);
  });

  it('runs the items of one lock one at a time in run order, beside the others, and starts later items past a blocked one', async () => {
    const items: Item[] = [{ ms: 30, lock: 'v2' }, { ms: 5 }, { ms: 10, lock: 'v2' }, { ms: 5 }, { ms: 40 }, { ms: 10, lock: 'v2' }, { ms: 5 }];
    for (const priority of [undefined, (i: number) => items[i]!.ms]) {
      const { released, started, lockClashes, most } = await runItems(items, 3, priority);
      expect(lockClashes).toEqual([]);
      expect(released.map(([i]) => i)).toEqual([0, 1, 2, 3, 4, 5, 6]);
      expect(started.filter((i) => items[i]!.lock === 'v2')).toEqual([0, 2, 5]);
      // Item 2 waits for item 0; items 3 and 4 start meanwhile.
      expect(started.indexOf(4)).toBeLessThan(started.indexOf(2));
      expect(most).toBe(3);
    }
    const one = await runItems(items, 1);
    expect(one.started).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('releases results in run order although they finish out of order, with at most `workers` in flight', async () => {
    const items = [60, 5, 30, 1, 20, 1].map((ms) => ({ ms }));
    const { released, started, most } = await runItems(items, 3);
    expect(released.map(([i]) => i)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(released.map(([, r]) => r)).toEqual(['ok 0', 'ok 1', 'ok 2', 'ok 3', 'ok 4', 'ok 5']);
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
    expect(most).toBe(3);
  });

  it('with several workers, items started together begin a turn of the event loop apart: what an earlier one queued (its requests) runs before the next one starts', async () => {
    const log: string[] = [];
    await schedule<string>(3, {
      workers: 3,
      exclusive: () => false,
      run: async (i) => {
        log.push(`run ${i}`);
        // Stands for a request the item asks before its set-up work of the next item would block the loop.
        await new Promise<void>((resolve) =>
          setImmediate(() => {
            log.push(`io ${i}`);
            resolve();
          }),
        );
        return `ok ${i}`;
      },
      failed: (i) => `error ${i}`,
      release: () => undefined,
    });
    expect(log).toEqual(['run 0', 'io 0', 'run 1', 'io 1', 'run 2', 'io 2']);
  });

  it('with one worker runs the items one after the other', async () => {
    const { most, released } = await runItems([{ ms: 5 }, { ms: 1 }, { ms: 3 }], 1);
    expect(most).toBe(1);
    expect(released.map(([i]) => i)).toEqual([0, 1, 2]);
  });

  it('runs an exclusive item with nothing else in flight, after every earlier item was released', async () => {
    const items: Item[] = [{ ms: 40 }, { ms: 5 }, { ms: 1, exclusive: true }, { ms: 1 }, { ms: 30 }, { ms: 1, exclusive: true }, { ms: 1 }];
    const order: string[] = [];
    await schedule<number>(items.length, {
      workers: 4,
      exclusive: (i) => items[i]!.exclusive === true,
      run: async (i) => {
        order.push(`start ${i}`);
        await sleep(items[i]!.ms);
        order.push(`end ${i}`);
        return i;
      },
      failed: () => -1,
      release: (i) => {
        order.push(`release ${i}`);
      },
    });
    // Item 2 starts only once 0 and 1 are released; 3 starts only once 2 ended; same around 5.
    expect(order.indexOf('start 2')).toBeGreaterThan(order.indexOf('release 1'));
    expect(order.indexOf('start 3')).toBeGreaterThan(order.indexOf('end 2'));
    expect(order.indexOf('start 5')).toBeGreaterThan(order.indexOf('release 4'));
    expect(order.indexOf('start 6')).toBeGreaterThan(order.indexOf('end 5'));
    const { overlappedExclusive } = await runItems(items, 4);
    expect(overlappedExclusive).toEqual([]);
  });

  it('a throwing item becomes its failed result and the others still run', async () => {
    const { released } = await runItems([{ ms: 10 }, { ms: 1, throws: true }, { ms: 5 }], 3);
    expect(released.map(([, r]) => r)).toEqual(['ok 0', 'error 1: item 1 broke', 'ok 2']);
  });

  it('awaits each release before the next, and starts items in run order as releases free the way', async () => {
    const released: number[] = [];
    await schedule<number>(5, {
      workers: 2,
      exclusive: () => false,
      run: async (i) => {
        await sleep(5 - i);
        return i;
      },
      failed: () => -1,
      release: async (i) => {
        await sleep(1);
        released.push(i);
      },
    });
    expect(released).toEqual([0, 1, 2, 3, 4]);
  });

  it('does nothing for no items', async () => {
    const { released } = await runItems([], 3);
    expect(released).toEqual([]);
  });

  it('runs an item again alone when `again` asks, once, after everything in flight ended; its second result is kept', async () => {
    const runs: Array<[number, number]> = [];
    const inFlight = new Set<number>();
    const released: string[] = [];
    let tries = 0;
    await schedule<string>(5, {
      workers: 3,
      exclusive: () => false,
      run: async (i) => {
        runs.push([i, inFlight.size]);
        inFlight.add(i);
        await sleep(i === 1 ? 5 : 20);
        inFlight.delete(i);
        if (i === 1) tries += 1;
        return i === 1 ? `try ${tries}` : `ok ${i}`;
      },
      failed: () => 'error',
      again: (i, result) => i === 1 && result === 'try 1',
      release: (i, result) => {
        released.push(`${i} ${result}`);
      },
    });
    expect(released).toEqual(['0 ok 0', '1 try 2', '2 ok 2', '3 ok 3', '4 ok 4']);
    expect(runs.filter(([i]) => i === 1)).toEqual([[1, 1], [1, 0]]);
  });

  it('never asks `again` with one worker', async () => {
    let asked = 0;
    await schedule<number>(3, { workers: 1, exclusive: () => false, run: async (i) => i, failed: () => -1, again: () => (asked += 1) > 0, release: () => undefined });
    expect(asked).toBe(0);
  });
});
