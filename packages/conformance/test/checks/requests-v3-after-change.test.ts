import { describe, expect, it } from 'vitest';
import { gainedReasons, realReason, updatedAtProblem } from '../../src/checks/requests-v3-after-change.js';

const rec = (status: string, createdAt: string, updatedAt: string) => ({ id: '0xabc', status, createdAt, updatedAt });

describe('requests-v3.changed.new-values: updatedAt after a status change', () => {
  const before = { status: 'pending', updatedAt: Date.parse('2026-10-14T09:12:00Z'), floor: Date.parse('2026-10-14T09:12:23Z') };

  it('accepts an updatedAt at or after the latest update a reading of the old status carried', () => {
    expect(updatedAtProblem(before, rec('success', '2026-10-14T09:11:29Z', '2026-10-14T09:30:00Z'))).toBeUndefined();
    expect(updatedAtProblem(before, rec('success', '2026-10-14T09:11:29Z', '2026-10-14T09:12:23Z'))).toBeUndefined();
    // Second-rounded timestamps: within the slack.
    expect(updatedAtProblem(before, rec('success', '2026-10-14T09:11:29Z', '2026-10-14T09:12:22Z'))).toBeUndefined();
  });

  it('rejects an updatedAt left at createdAt (the change did not move it)', () => {
    expect(updatedAtProblem(before, rec('success', '2026-10-14T09:11:29Z', '2026-10-14T09:11:29Z'))).toMatch(/updatedAt 2026-10-14T09:11:29.000Z \(createdAt 2026-10-14T09:11:29.000Z\), earlier than updates a response showed while the request still read status pending/);
  });

  it('rejects an updatedAt before createdAt', () => {
    expect(updatedAtProblem({ status: 'pending' }, rec('failure', '2026-10-14T09:11:29Z', '2026-10-14T09:00:00Z'))).toMatch(/before its createdAt/);
  });

  it('judges only a status change (an updatedAt alone may move) and only what both readings show', () => {
    expect(updatedAtProblem(before, rec('pending', '2026-10-14T09:11:29Z', '2026-10-14T09:11:29Z'))).toBeUndefined();
    expect(updatedAtProblem({}, rec('success', '2026-10-14T09:11:29Z', '2026-10-14T09:11:29Z'))).toBeUndefined();
    expect(updatedAtProblem({ status: 'pending' }, rec('success', '2026-10-14T09:11:29Z', '2026-10-14T09:11:29Z'))).toBeUndefined();
  });
});

describe('requests-v3.changed.new-values: fail reasons gained during the run', () => {
  const reasons = (failReason: unknown, refundFailReason: unknown = null) => ({ id: '0xabc', status: 'failure', data: { failReason, refundFailReason } });

  it('a real reason is a non-empty string other than the v2 placeholder N/A', () => {
    expect(realReason(reasons('SLIPPAGE'), 'failReason')).toBe('SLIPPAGE');
    expect(realReason(reasons(null), 'failReason')).toBeUndefined();
    expect(realReason(reasons('N/A'), 'failReason')).toBeUndefined();
    expect(realReason(reasons(' n/a '), 'failReason')).toBeUndefined();
    expect(realReason(reasons(''), 'failReason')).toBeUndefined();
    expect(realReason({ id: '0xabc' }, 'failReason')).toBeUndefined();
    expect(realReason(undefined, 'refundFailReason')).toBeUndefined();
  });

  it('names each field that reads a real reason now and did not before (or whose first reading is unknown)', () => {
    expect(gainedReasons(reasons('SLIPPAGE'), reasons(null))).toEqual([{ field: 'failReason', reason: 'SLIPPAGE' }]);
    expect(gainedReasons(reasons('SLIPPAGE'), reasons('N/A'))).toEqual([{ field: 'failReason', reason: 'SLIPPAGE' }]);
    expect(gainedReasons(reasons('SLIPPAGE', 'AMOUNT_TOO_LOW_TO_REFUND'), undefined)).toEqual([
      { field: 'failReason', reason: 'SLIPPAGE' },
      { field: 'refundFailReason', reason: 'AMOUNT_TOO_LOW_TO_REFUND' },
    ]);
    expect(gainedReasons(reasons('UNKNOWN'), reasons('SLIPPAGE'))).toEqual([{ field: 'failReason', reason: 'UNKNOWN' }]);
  });

  it('names nothing when the reason is unchanged, cleared, or never real (a cleared reason is not judged: "N/A" may be stored as empty)', () => {
    expect(gainedReasons(reasons('SLIPPAGE'), reasons('SLIPPAGE'))).toEqual([]);
    expect(gainedReasons(reasons(null), reasons('SLIPPAGE'))).toEqual([]);
    expect(gainedReasons(reasons('N/A'), reasons(null))).toEqual([]);
    expect(gainedReasons(reasons(null), undefined)).toEqual([]);
  });
});
