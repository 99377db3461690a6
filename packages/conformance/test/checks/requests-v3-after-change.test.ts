import { describe, expect, it } from 'vitest';
import { updatedAtProblem } from '../../src/checks/requests-v3-after-change.js';

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
