import { describe, expect, it } from 'vitest';
import { ExchangeLog } from '../../../src/engine/http/exchange-log.js';
import type { Exchange } from '../../../src/contract/types.js';

const exchange = (seq: number, body = '{}'): Exchange =>
  ({ seq, startedAt: '', request: { method: 'GET', url: 'http://t/', headers: {} }, durationMs: 0, curl: '', response: { status: 200, headers: {}, bodyText: body, json: JSON.parse(body), isJson: true } }) as Exchange;

describe('ExchangeLog', () => {
  it('records in the order requests were issued, whatever order the answers came in; the settled mark waits for the lowest in flight', () => {
    const log = new ExchangeLog();
    const [a, b, c] = [log.issue(), log.issue(), log.issue()];
    expect([a.seq, b.seq, c.seq]).toEqual([1, 2, 3]);
    expect(log.settledSeq).toBe(0);
    log.record(exchange(3), undefined);
    log.record(exchange(2), undefined);
    expect(log.settledSeq).toBe(0);
    log.record(exchange(1), undefined);
    expect(log.exchanges.map((e) => e.seq)).toEqual([1, 2, 3]);
    expect(log.settledSeq).toBe(3);
    expect(log.issuedCount).toBe(3);
  });

  it('a request whose turn never came hands its seq back when it was the last issued; else it only leaves the flight', () => {
    const log = new ExchangeLog();
    const a = log.issue();
    const b = log.issue();
    log.withdraw(b);
    expect(b.returned).toBe(true);
    expect(log.issuedCount).toBe(1);
    expect(log.issue().seq).toBe(2);
    log.withdraw(a);
    expect(a.returned).toBe(false);
    expect(log.settledSeq).toBe(1);
  });

  it('done clears a seq not recorded (a request that threw before its exchange), unless handed back', () => {
    const log = new ExchangeLog();
    const a = log.issue();
    log.issue();
    log.done(a);
    expect(log.settledSeq).toBe(1);
  });

  it('tells the owner of every exchange it records', () => {
    const log = new ExchangeLog();
    const seen: number[] = [];
    log.issue();
    log.record(exchange(1), (e) => seen.push(e.seq));
    expect(seen).toEqual([1]);
  });

  it('compacts bodies over 4 KiB up to the mark and no further, once', () => {
    const log = new ExchangeLog();
    const big = JSON.stringify({ text: 'x'.repeat(5_000) });
    log.issue();
    log.issue();
    log.issue();
    log.record(exchange(1, big), undefined);
    log.record(exchange(2, big), undefined);
    log.compact(1);
    const [first, second] = log.exchanges;
    expect(first!.response).toMatchObject({ truncated: true, json: undefined });
    expect(first!.response!.bodyText.length).toBe(4 * 1024 + 1);
    expect(second!.response!.truncated).toBeUndefined();
    // Seq 3 is still in flight: compacting "everything" stops at the settled mark (2).
    log.compact();
    expect(second!.response!.truncated).toBe(true);
  });
});
