/**
 * `--window <start>..<end>`: discovery's data window pinned in Unix seconds (inclusive, live facts
 * §1.4 `startTimestamp`/`endTimestamp`), so that a replay line reads the same records as the run.
 */

/** Both bounds in Unix seconds, `start <= end`. */
export interface PinnedWindow {
  start: number;
  end: number;
}

const WINDOW = /^\s*(\d{1,12})\s*\.\.\s*(\d{1,12})\s*$/;

/** Parses `<start>..<end>`; undefined when the text is not two non-negative integers in order. */
export function parseWindow(text: string): PinnedWindow | undefined {
  const m = WINDOW.exec(text);
  if (!m) return undefined;
  const start = Number(m[1]);
  const end = Number(m[2]);
  return start <= end ? { start, end } : undefined;
}

/** The option value of a window, as a replay line prints it. */
export function formatWindow(w: PinnedWindow): string {
  return `${w.start}..${w.end}`;
}
