/**
 * events.webhook.delivers-changes on synthetic receiver observations: every request of the key the
 * kit changed must be delivered in the latest status the kit gave it, and the change the kit made
 * after the queue emptied must be delivered too (a queue left marked running after its
 * first drain posts the first round of changes only). The violation names what never came.
 */
import { describe, expect, it } from 'vitest';
import { checks, DELIVERS_CHANGES } from '../../src/checks/events-webhook.js';
import type { CheckContext, CheckResult } from '../../src/contract/types.js';
import type { WebhookDelivery, WebhookObservation } from '../../src/contract/events.js';
import { fakeContext } from '../support/fake-context.js';

const check = checks.find((c) => c.id === DELIVERS_CHANGES)!;

let seq = 0;
function delivery(id: string, status: string, answered = 200): WebhookDelivery {
  seq += 1;
  return { seq, at: seq * 10, method: 'POST', path: '/', headers: {}, body: '{}', bodyBytes: 2, signature: 'valid', headerErrors: [], identity: `${id}|${status}|${1_000 + seq}`, answered, refusedOnPurpose: false };
}

async function judge(obs: Partial<WebhookObservation>): Promise<CheckResult & { violation?: { expected: string; received: string } }> {
  const full: WebhookObservation = { url: 'http://127.0.0.1:1', waitMs: 1_000, deliveries: [], dropped: 0, ...obs };
  const ctx: CheckContext = {
    ...fakeContext(),
    events: { websocket: () => Promise.reject(new Error('not used')), webhooks: () => Promise.resolve(full), close: () => Promise.resolve() },
  };
  return check.run(ctx).catch((err: unknown) => ({ status: 'fail' as const, violation: (err as { violation: never }).violation }));
}

describe('events.webhook.delivers-changes', () => {
  const moved = ['0xa1', '0xa2', '0xa3'];
  const movedStatus = { '0xa1': 'submitted', '0xa2': 'success', '0xa3': 'submitted' };
  const all = () => [delivery('0xa1', 'submitted'), delivery('0xa2', 'submitted'), delivery('0xa3', 'submitted'), delivery('0xa2', 'success')];

  it('passes when each changed request is delivered in its latest status and the after-drain change came', async () => {
    const r = await judge({ moved, movedStatus, deliveries: [...all(), delivery('0xb1', 'submitted')], afterDrain: { id: '0xb1', status: 'submitted', afterSeq: 4, settleMs: 100 } });
    expect(r.status).toBe('pass');
    expect(r.note).toMatch(/3 request\(s\) of the key changed by the kit, each delivered in its latest status .*after the queue emptied delivered too/);
  });

  it('fails naming the requests never delivered (a first delivery is not enough)', async () => {
    const r = await judge({ moved, movedStatus, deliveries: [delivery('0xa1', 'submitted')] });
    expect(r.status).toBe('fail');
    expect(r.violation!.received).toMatch(/never delivered: 0xa2, 0xa3 \(2 of 3\)/);
    expect(r.violation!.received).toContain('for 0xa1');
  });

  it('fails when a request was delivered only in an earlier status than the one the kit gave it', async () => {
    const r = await judge({ moved, movedStatus, deliveries: all().slice(0, 3) });
    expect(r.status).toBe('fail');
    expect(r.violation!.expected).toContain('0xa2 in success');
    expect(r.violation!.received).toContain('0xa2 in submitted');
  });

  it('fails when the change made after the queue emptied is never delivered (deliveries stopped after the first drain)', async () => {
    const r = await judge({ moved, movedStatus, deliveries: all(), afterDrain: { id: '0xb1', status: 'submitted', afterSeq: 4, settleMs: 100 } });
    expect(r.status).toBe('fail');
    expect(r.violation!.expected).toMatch(/0xb1 in submitted, which the kit changed 100 ms after delivery #\d+/);
    expect(r.violation!.received).toContain('never delivered: 0xb1');
  });

  it('does not blame the target when the receiver refused deliveries for their signature (401 holds the later ones back)', async () => {
    const r = await judge({ moved, movedStatus, deliveries: [delivery('0xa1', 'submitted', 401), delivery('0xa1', 'submitted', 401)] });
    expect(r.status).toBe('pass');
    expect(r.note).toMatch(/401.*not judged/);
  });

  it('no change made and nothing delivered: a verified skip; silence with changes made fails', async () => {
    expect((await judge({ moved: [], deliveries: [] })).status).toBe('skip');
    const r = await judge({ moved, movedStatus, deliveries: [] });
    expect(r.status).toBe('fail');
    expect(r.violation!.received).toMatch(/never delivered: 0xa1, 0xa2, 0xa3 \(3 of 3\); no delivery at all/);
  });
});
