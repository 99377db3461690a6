/**
 * One websocket connection to the Intent Status stream (live-service facts §1.8), with bounded
 * memory and time: every received message is logged (at most {@link MAX_MESSAGES}, each at most
 * {@link MAX_PAYLOAD} bytes), every wait ends at its deadline or when the socket closes. Never
 * throws for the target's behaviour; problems are recorded.
 */
import WebSocket from 'ws';
import { kindOf } from '../contract/events.js';
import type { WsMessage } from '../contract/events.js';
import type { WsFrame } from '../contract/websocket.js';

export { kindOf };

export const MAX_MESSAGES = 500;
/** Frames of the conversation kept for the recording (`--record`), both ways, at most. */
export const MAX_FRAMES = 2 * MAX_MESSAGES;
export const MAX_PAYLOAD = 64 * 1024;

/** How opening the socket ended. */
export type OpenOutcome = { ok: true } | { ok: false; problem: string; status?: number };

/** How the upgrade was answered (HTTP status and headers), as a recording shows it. */
export interface WsUpgrade {
  status: number;
  headers: Record<string, string>;
}

function headerText(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) if (v !== undefined) out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
  return out;
}

export class WsConnection {
  readonly messages: WsMessage[] = [];
  /**
   * The conversation both ways as a browser's HAR records it (`_webSocketMessages`: sent and
   * received text, each with its time in epoch seconds), bounded by {@link MAX_FRAMES}; the data
   * as sent and received, redacted by whoever writes it down.
   */
  readonly frames: WsFrame[] = [];
  /** The answer to the upgrade request, once there was one. */
  upgrade?: WsUpgrade;
  /** When the socket was asked for (epoch ms). */
  startedAt = Date.now();
  /** Messages not logged because the log was full. */
  dropped = 0;
  /** Set when the socket closed (by either side), with the code and reason. */
  closed?: { code: number; reason: string; at: number; byKit: boolean };
  private socket?: WebSocket;
  private t0 = Date.now();
  private seq = 0;
  private waiters = new Set<() => void>();
  private closing = false;

  /** Opens the socket; resolves when it is open, refused or failed, or after `timeoutMs`. */
  open(url: string, timeoutMs: number): Promise<OpenOutcome> {
    return new Promise((resolve) => {
      let settled = false;
      const done = (outcome: OpenOutcome) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(outcome);
      };
      const timer = setTimeout(() => {
        done({ ok: false, problem: `the websocket did not open within ${timeoutMs} ms` });
        this.socket?.terminate();
      }, timeoutMs);
      let socket: WebSocket;
      try {
        socket = new WebSocket(url, { maxPayload: MAX_PAYLOAD, handshakeTimeout: timeoutMs, followRedirects: false });
      } catch (err) {
        done({ ok: false, problem: `the websocket URL cannot be opened: ${err instanceof Error ? err.message : String(err)}` });
        return;
      }
      this.socket = socket;
      this.t0 = Date.now();
      this.startedAt = this.t0;
      socket.on('upgrade', (res) => {
        this.upgrade = { status: res.statusCode ?? 101, headers: headerText(res.headers) };
      });
      socket.on('unexpected-response', (_req, res) => {
        this.upgrade = { status: res.statusCode ?? 0, headers: headerText(res.headers) };
        done({ ok: false, problem: `the upgrade was answered HTTP ${res.statusCode ?? '?'} instead of 101 Switching Protocols`, status: res.statusCode });
        res.resume();
        socket.terminate();
      });
      socket.on('open', () => done({ ok: true }));
      socket.on('error', (err) => done({ ok: false, problem: `the websocket failed: ${err.message}` }));
      socket.on('message', (data, isBinary) => this.receive(data, isBinary));
      socket.on('close', (code, reason) => {
        this.closed ??= { code, reason: reason.toString('utf8').slice(0, 200), at: this.elapsed(), byKit: this.closing };
        // A close the server sent is part of the conversation a recording shows (opcode 8: the code and reason).
        if (!this.closing && this.upgrade?.status === 101 && this.frames.at(-1)?.opcode !== 8) this.frame('receive', `${code} ${reason.toString('utf8').slice(0, 200)}`.trim(), 8);
        done({ ok: false, problem: `the websocket closed before opening (code ${code})` });
        this.wake();
      });
    });
  }

  /** ms since the socket was opened. */
  elapsed(): number {
    return Date.now() - this.t0;
  }

  get isOpen(): boolean {
    return this.socket?.readyState === WebSocket.OPEN;
  }

  /** Sends a JSON value or a raw text; false when the socket is not open. */
  send(message: unknown): boolean {
    if (!this.isOpen) return false;
    const text = typeof message === 'string' ? message : JSON.stringify(message);
    this.socket!.send(text);
    this.frame('send', text, 1);
    return true;
  }

  /**
   * Resolves with the first message after `afterSeq` that `predicate` accepts, or undefined at the
   * deadline (ms since the epoch) or when the socket closes.
   */
  async waitFor(predicate: (m: WsMessage) => boolean, deadline: number, afterSeq = 0): Promise<WsMessage | undefined> {
    for (;;) {
      const found = this.messages.find((m) => m.seq > afterSeq && predicate(m));
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0 || this.closed) return undefined;
      await new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          this.waiters.delete(wake);
          resolve();
        };
        const timer = setTimeout(wake, left);
        this.waiters.add(wake);
      });
    }
  }

  /** The sequence number of the last message received. */
  get lastSeq(): number {
    return this.seq;
  }

  /** Closes the socket (bounded: terminated when the close handshake does not end within 1 s). */
  async close(): Promise<void> {
    const socket = this.socket;
    if (!socket || socket.readyState === WebSocket.CLOSED) return;
    this.closing = true;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        socket.terminate();
        resolve();
      }, 1_000);
      socket.once('close', () => {
        clearTimeout(timer);
        resolve();
      });
      socket.close(1000, 'conformance kit done');
    });
  }

  private receive(data: WebSocket.RawData, isBinary: boolean): void {
    this.seq += 1;
    if (this.messages.length >= MAX_MESSAGES) {
      this.dropped += 1;
      return;
    }
    const buffer = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
    const text = isBinary ? `<binary frame, ${buffer.length} bytes>` : buffer.toString('utf8');
    this.frame('receive', isBinary ? buffer.toString('base64') : text, isBinary ? 2 : 1);
    let json: unknown;
    if (!isBinary) {
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
    }
    this.messages.push({ seq: this.seq, at: this.elapsed(), text: text.slice(0, 2048), json, kind: kindOf(json) });
    this.wake();
  }

  private frame(type: WsFrame['type'], data: string, opcode: number): void {
    if (this.frames.length < MAX_FRAMES) this.frames.push({ type, time: Date.now() / 1000, opcode, data });
  }

  private wake(): void {
    for (const w of [...this.waiters]) w();
  }
}
