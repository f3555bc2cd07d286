import { useEffect, useState } from "react";

/**
 * Seconds left of a countdown the server started (an SMS code's resend wait, a
 * lottery draw's close). The server renders the full value; with JavaScript it
 * ticks from when the page arrived, so the browser's clock does not matter.
 * A new `run` (a new code, a new draw) starts it again.
 */
export function useCountdown(seconds: number, run: unknown = seconds): number {
  const [state, setState] = useState({ run, left: seconds });
  // Adjusting state to a new run while rendering (not in an effect) avoids a frame with the old value.
  if (state.run !== run) setState({ run, left: seconds });
  useEffect(() => {
    if (seconds <= 0) return;
    const end = Date.now() + seconds * 1000;
    const timer = window.setInterval(() => {
      const left = Math.max(0, Math.ceil((end - Date.now()) / 1000));
      setState((current) => ({ ...current, left }));
      if (left === 0) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [seconds, run]);
  return state.run === run ? state.left : seconds;
}
