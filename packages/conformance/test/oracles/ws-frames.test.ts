/**
 * The oracles of one websocket message and of a stream's opening (oracles/ws-frames.ts), judged by
 * the auditor on a recorded conversation (a HAR entry's frames, as Chrome and `--record` write
 * them): each fails on a conversation that breaks its rule and passes on one that keeps it.
 */
import { describe, expect, it } from 'vitest';
import { PassiveAuditor } from '../../src/oracles/auditor.js';
import type { ObservedExchange } from '../../src/oracles/observed.js';
import type { WsFrame } from '../../src/har/har.js';
import { CONVERSATION_RULE_IDS, STREAM_RULE_IDS } from '../../src/oracles/ws-frames.js';

const READY = JSON.stringify({ type: 'connection', status: 'ready', data: { id: 'socket-1' } });
const ACK = JSON.stringify({ type: 'subscribe', status: 'success', data: { event: 'request.status.updated', filters: { id: '0x1' } } });
const PUSH = (event: string, data: Record<string, unknown> = { status: 'pending', inTxHashes: [], txHashes: [], updatedAt: 1_790_000_000_000, originChainId: 1, destinationChainId: 10, requestId: '0x1' }) =>
  JSON.stringify({ event, data, publishedAt: 1_790_000_000_001 });
const SUBSCRIBE = JSON.stringify({ type: 'subscribe', event: 'request.status.updated', filters: { id: '0x1' } });

function stream(received: string[], status = 101): ObservedExchange {
  const frames: WsFrame[] = [];
  received.forEach((data, i) => {
    frames.push({ type: 'receive', time: 1_790_000_000 + i, opcode: 1, data });
    if (i === 0) frames.push({ type: 'send', time: 1_790_000_000.5, opcode: 1, data: SUBSCRIBE });
  });
  return { method: 'GET', url: 'ws://stream.test/?apiKey=%3Credacted%3E', requestHeaders: { upgrade: 'websocket' }, status, responseHeaders: {}, durationMs: 1, startedAt: 1_790_000_000_000, webSocket: { frames } };
}
const failing = (o: ObservedExchange) => [...new Set(new PassiveAuditor().observe(o).map((f) => f.check))].sort();
const verdicts = (o: ObservedExchange) => {
  const a = new PassiveAuditor();
  a.observe(o);
  const r = a.result({ startedAt: new Date(0), target: 'ws://stream.test', config: {}, replay: '' });
  return Object.fromEntries(r.outcomes.filter((x) => x.id.startsWith('events.')).map((x) => [x.id, x.status]));
};

describe('oracles of the websocket stream, on a recorded conversation', () => {
  it('a conforming conversation passes the three', () => {
    const o = stream([READY, ACK, PUSH('request.status.updated')]);
    expect(failing(o)).toEqual([]);
    expect(verdicts(o)).toEqual({ 'events.ws.ready': 'pass', 'events.ws.message-schema': 'pass', 'events.ws.event-name': 'pass', 'events.ws.subscribe-ack': 'pass', 'events.ws.only-subscribed': 'pass' });
  });

  it('a push naming another event fails events.ws.event-name', () => {
    const findings = new PassiveAuditor().observe(stream([READY, ACK, PUSH('equest.status.updated')]));
    expect(findings.find((f) => f.check === 'events.ws.event-name')?.message).toContain('A status push must name the event request.status.updated');
  });

  it('a push without data.requestId, or a frame that is not JSON, fails events.ws.message-schema', () => {
    expect(failing(stream([READY, PUSH('request.status.updated', { status: 'pending', updatedAt: 1, originChainId: 1, destinationChainId: 10 })]))).toContain('events.ws.message-schema');
    const findings = new PassiveAuditor().observe(stream([READY, '{"type":']));
    expect(findings.find((f) => f.check === 'events.ws.message-schema')?.message).toContain('Every message of the stream must be JSON');
  });

  it('a first message other than connection/ready, a ready without data.id, an upgrade not answered 101 or a silent socket fail events.ws.ready', () => {
    expect(failing(stream([ACK, READY]))).toContain('events.ws.ready');
    expect(failing(stream([JSON.stringify({ type: 'connection', status: 'ready', data: {} })]))).toContain('events.ws.ready');
    const refused = new PassiveAuditor().observe(stream([], 404));
    expect(refused.map((f) => f.message).join('\n')).toContain('the upgrade was answered HTTP 404 instead of 101 Switching Protocols');
    expect(failing(stream([]))).toEqual(['events.ws.ready']);
  });

  it('an audit without a conversation lists no websocket check', () => {
    const a = new PassiveAuditor();
    const ids = a.result({ startedAt: new Date(0), target: '', config: {}, replay: '' }).outcomes.map((x) => x.id);
    expect(ids.filter((id) => id.startsWith('events.'))).toEqual([]);
  });
});

describe('rules of one recorded conversation', () => {
  const SUB = (id: string) => JSON.stringify({ type: 'subscribe', event: 'request.status.updated', filters: { id } });
  const UNSUB = (id: string) => JSON.stringify({ type: 'unsubscribe', event: 'request.status.updated', filters: { id } });
  const ack = (id: string) => JSON.stringify({ type: 'subscribe', status: 'success', data: { event: 'request.status.updated', filters: { id } } });
  const unack = JSON.stringify({ type: 'unsubscribe', status: 'success', data: { event: 'request.status.updated' } });
  const push = (id: string) => PUSH('request.status.updated', { status: 'pending', inTxHashes: [], txHashes: [], updatedAt: 1_790_000_000_000, originChainId: 1, destinationChainId: 10, requestId: id });
  const error = JSON.stringify({ type: 'error', status: 'error', message: 'not JSON' });
  /** A conversation from [direction, data] pairs ('>' sent, '<' received, 'x' the server's close). */
  const talk = (...steps: Array<[string, string]>): ObservedExchange => ({
    method: 'GET',
    url: 'ws://stream.test/',
    requestHeaders: {},
    status: 101,
    responseHeaders: {},
    durationMs: 1,
    startedAt: 1_790_000_000_000,
    webSocket: { frames: steps.map(([d, data], i) => ({ type: d === '>' ? ('send' as const) : ('receive' as const), time: 1_790_000_000 + i / 10, opcode: d === 'x' ? 8 : 1, data })) },
  });
  // The stream's rules are the live service's (SHOULD): a violation is a warning.
  const status = (o: ObservedExchange, id: string) => verdicts(o)[id];

  it('a conversation that keeps every rule passes them all', () => {
    const o = talk(['<', READY], ['>', SUB('0x1')], ['<', ack('0x1')], ['<', push('0x1')], ['>', UNSUB('0x1')], ['<', unack], ['>', '{"type":'], ['<', error], ['<', READY]);
    const v = verdicts(o);
    for (const id of CONVERSATION_RULE_IDS) expect(v[id], id).toBe('pass');
    expect(Object.keys(v).sort()).toEqual([...STREAM_RULE_IDS].sort());
  });

  it('a subscribe never acknowledged while the stream went on fails events.ws.subscribe-ack; one the client closed on at once is not judged', () => {
    expect(status(talk(['<', READY], ['>', SUB('0x1')], ['<', push('0x1')]), 'events.ws.subscribe-ack')).toBe('warn');
    expect(status(talk(['<', READY], ['>', SUB('0x1')]), 'events.ws.subscribe-ack')).toBeUndefined();
  });

  it('a push for a request never subscribed fails events.ws.only-subscribed', () => {
    expect(status(talk(['<', READY], ['>', SUB('0x1')], ['<', ack('0x1')], ['<', push('0x2')]), 'events.ws.only-subscribed')).toBe('warn');
  });

  it('a push after the unsubscribe acknowledgement fails events.ws.no-push-after-unsubscribe; an unanswered unsubscribe fails events.ws.unsubscribe-ack', () => {
    expect(status(talk(['<', READY], ['>', SUB('0x1')], ['<', ack('0x1')], ['>', UNSUB('0x1')], ['<', unack], ['<', push('0x1')]), 'events.ws.no-push-after-unsubscribe')).toBe('warn');
    expect(status(talk(['<', READY], ['>', SUB('0x1')], ['<', ack('0x1')], ['>', UNSUB('0x1')], ['<', push('0x1')]), 'events.ws.unsubscribe-ack')).toBe('warn');
  });

  it('a malformed message the server drops the socket over, or answers with no error, fails events.ws.errors', () => {
    const dropped = new PassiveAuditor().observe(talk(['<', READY], ['>', 'null'], ['x', '1011 bye']));
    expect(dropped.find((f) => f.check === 'events.ws.errors')?.message).toContain('the server closed the socket (1011 bye)');
    expect(status(talk(['<', READY], ['>', '{"type":"bogus"}'], ['<', ack('0x9')]), 'events.ws.errors')).toBe('warn');
    // The close is no message of the stream: the schema of the messages does not judge it.
    expect(status(talk(['<', READY], ['>', 'null'], ['x', '1011 bye']), 'events.ws.message-schema')).toBe('pass');
  });
});
