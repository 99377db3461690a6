/**
 * The shapes of a websocket conversation in a HAR file (no imports: the events session, the HAR
 * writer and the audit's reader all use them).
 */

/**
 * One websocket frame as Chrome's HAR export records it on the upgrade entry (`_webSocketMessages`):
 * who sent it, when (epoch seconds), its opcode (1 text, 2 binary: data in base64) and its data.
 */
export interface WsFrame {
  type: 'send' | 'receive';
  time: number;
  opcode: number;
  data: string;
}

/** A websocket conversation to record: the upgrade request and its answer, and the frames both ways. */
export interface WsTranscript {
  /** The stream URL, its key redacted. */
  url: string;
  /** When the upgrade was asked (epoch ms). */
  startedAt: number;
  /** The upgrade's answer (101 when the socket opened); 0 without one, the cause in `error`. */
  status: number;
  responseHeaders: Record<string, string>;
  frames: WsFrame[];
  durationMs: number;
  error?: string;
}
