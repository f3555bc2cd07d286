/**
 * When the demo lottery draws: every game draws every `interval` seconds on
 * one shared clock. Draw number N takes bets until epoch + N × interval; the
 * open draw at a moment is the first one that has not closed yet.
 */

/** The lottery clock starts here (UTC); draw numbers count intervals since. */
export const DRAW_EPOCH_MS = Date.UTC(2024, 0, 1);

export function drawClosesAt(drawNo: number, intervalSeconds: number): Date {
  return new Date(DRAW_EPOCH_MS + drawNo * intervalSeconds * 1000);
}

export function drawOpensAt(drawNo: number, intervalSeconds: number): Date {
  return drawClosesAt(drawNo - 1, intervalSeconds);
}

/** The draw that takes bets at `now`: it closes strictly after now. */
export function openDrawNo(now: Date, intervalSeconds: number): number {
  return Math.floor((now.getTime() - DRAW_EPOCH_MS) / (intervalSeconds * 1000)) + 1;
}

/** Whole seconds until the draw closes (0 once it has). */
export function secondsUntilClose(drawNo: number, intervalSeconds: number, now: Date): number {
  return Math.max(
    0,
    Math.ceil((drawClosesAt(drawNo, intervalSeconds).getTime() - now.getTime()) / 1000),
  );
}
