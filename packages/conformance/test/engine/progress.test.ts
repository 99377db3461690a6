import { describe, expect, it } from 'vitest';
import type { RunEvent } from '../../src/engine/events.js';
import { Progress, groupByFamily } from '../../src/engine/progress.js';
import type { CheckDefinition, CheckOutcome } from '../../src/contract/types.js';

const check = (id: string): CheckDefinition => ({ id, family: id.split('.').slice(0, 2).join('.'), title: id, clauses: [], operation: 'GET /x', run: async () => ({ status: 'pass' }) });
const outcome = (id: string): CheckOutcome => ({ id, family: id.split('.').slice(0, 2).join('.'), title: id, operation: 'GET /x', clauses: [], level: 'MUST', seed: 1, replay: '', status: 'pass', durationMs: 0, requests: 0 });
const short = (e: RunEvent): string => {
  if (e.type === 'family-start') return `family-start ${e.family} ${e.checks}${e.later ? `+${e.later}` : ''}`;
  if (e.type === 'family-end') return `family-end ${e.family} ${e.outcomes.length}`;
  if (e.type === 'check-start') return `start ${e.check.id}`;
  if (e.type === 'check-end') return `end ${e.outcome.id}`;
  return e.type;
};

describe('groupByFamily', () => {
  it('keeps families in order of first appearance, each once', () => {
    expect(groupByFamily(['a.x.1', 'b.y.1', 'a.x.2'].map(check)).map((c) => c.id)).toEqual(['a.x.1', 'a.x.2', 'b.y.1']);
  });
});

describe('Progress', () => {
  const ordered = ['a.x.1', 'a.x.2', 'b.y.1', 'a.x.3'].map(check);

  it('one at a time: each family once its stretch starts (with the checks of it that run later), ends when the next starts', () => {
    const events: RunEvent[] = [];
    const p = new Progress(ordered, (e) => events.push(e));
    ordered.forEach((c, i) => {
      p.start(i);
      p.release(i, outcome(c.id));
    });
    p.close();
    expect(events.map(short)).toEqual([
      'family-start a.x 3+1',
      'start a.x.1',
      'end a.x.1',
      'start a.x.2',
      'end a.x.2',
      'family-end a.x 2',
      'family-start b.y 1',
      'start b.y.1',
      'end b.y.1',
      'family-end b.y 1',
      'family-start a.x 3',
      'start a.x.3',
      'end a.x.3',
      'family-end a.x 1',
    ]);
  });

  it('out of order under workers: starts are announced in run order, once every earlier check is released', () => {
    const events: RunEvent[] = [];
    const p = new Progress(ordered, (e) => events.push(e));
    p.start(2);
    p.start(0);
    p.start(1);
    expect(events.map(short)).toEqual(['family-start a.x 3+1', 'start a.x.1']);
    p.release(0, outcome('a.x.1'));
    p.release(1, outcome('a.x.2'));
    p.release(2, outcome('b.y.1'));
    p.close();
    expect(events.map(short)).toEqual(['family-start a.x 3+1', 'start a.x.1', 'end a.x.1', 'start a.x.2', 'end a.x.2', 'family-end a.x 2', 'family-start b.y 1', 'start b.y.1', 'end b.y.1', 'family-end b.y 1']);
  });

  it('closes nothing when nothing started', () => {
    const events: RunEvent[] = [];
    new Progress(ordered, (e) => events.push(e)).close();
    expect(events).toEqual([]);
  });
});
