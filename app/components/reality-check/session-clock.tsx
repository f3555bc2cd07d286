import { useEffect, useState } from "react";
import { useTranslation } from "~/utils/i18n";

/** h:mm:ss of a duration in milliseconds. */
export function formatElapsed(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  const pad = (value: number) => value.toString().padStart(2, "0");
  return `${Math.floor(seconds / 3600)}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}`;
}

/**
 * Time since sign-in on every gambling page. The server renders the value at
 * render time, so the page reads the same without JavaScript; hydrated, it ticks.
 */
export function SessionClock({ startedAt, renderedAt }: { startedAt: string; renderedAt: string }) {
  const { t } = useTranslation();
  const start = Date.parse(startedAt);
  const [now, setNow] = useState(() => Date.parse(renderedAt));
  useEffect(() => {
    const tick = () => setNow(Date.now());
    tick();
    const timer = window.setInterval(tick, 1000);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <p className="session-clock" data-testid="session-clock">
      <span>{t("realityCheck.clock")}</span>{" "}
      <time dateTime={startedAt} aria-live="off">
        {formatElapsed(now - start)}
      </time>
    </p>
  );
}
