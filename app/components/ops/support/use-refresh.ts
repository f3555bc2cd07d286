import { useRevalidator } from "@remix-run/react";
import { useEffect } from "react";

/**
 * Operators have an ops session, not a member's event stream, so their
 * support screens re-read every few seconds while visible (JavaScript only;
 * without it a reload shows the current queue).
 */
export function useRefresh(everyMs = 5000) {
  const revalidator = useRevalidator();
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === "visible" && revalidator.state === "idle")
        revalidator.revalidate();
    }, everyMs);
    return () => clearInterval(timer);
  }, [everyMs, revalidator]);
}
