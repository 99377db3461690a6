/**
 * Stopping on SIGINT/SIGTERM without losing the reports. A terminal's Ctrl-C reaches the whole
 * process group: a parent such as `pnpm exec` or `npx` gets it too and forwards its own copy to
 * the kit a moment later. A handler that removed itself after the first signal left the second
 * one to node's default action (death by signal, no reports), so the handler stays installed
 * until the command has written its reports, and a repeat of the signal is ignored meanwhile.
 */

export type StopSignal = 'SIGINT' | 'SIGTERM';

const SIGNALS: readonly StopSignal[] = ['SIGINT', 'SIGTERM'];

export interface StopSignals {
  /** Resolves with the first SIGINT or SIGTERM. */
  readonly received: Promise<StopSignal>;
  /** The first signal received, if any. */
  readonly signal: StopSignal | undefined;
  /** Removes the handlers: call once the reports are written. */
  dispose(): void;
}

/** Listens for SIGINT and SIGTERM until `dispose`; the first one resolves `received`, the rest are ignored. */
export function listenForStop(onStop?: (signal: StopSignal) => void): StopSignals {
  let first: StopSignal | undefined;
  let resolveReceived: (signal: StopSignal) => void = () => undefined;
  const received = new Promise<StopSignal>((resolve) => {
    resolveReceived = resolve;
  });
  const handlers = SIGNALS.map((name) => {
    const handler = (): void => {
      if (first !== undefined) return;
      first = name;
      onStop?.(name);
      resolveReceived(name);
    };
    process.on(name, handler);
    return [name, handler] as const;
  });
  return {
    received,
    get signal() {
      return first;
    },
    dispose: () => {
      for (const [name, handler] of handlers) process.off(name, handler);
    },
  };
}

/** Waits for SIGINT, SIGTERM or `durationS` seconds, whichever comes first; resolves with what it was. */
export async function stoppedBy(stop: StopSignals, durationS: number | undefined): Promise<string> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const elapsed = new Promise<string>((resolve) => {
    if (durationS !== undefined) timer = setTimeout(() => resolve(`--duration ${durationS}`), durationS * 1000);
  });
  try {
    return await Promise.race([stop.received, elapsed]);
  } finally {
    clearTimeout(timer);
  }
}
