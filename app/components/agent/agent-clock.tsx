import { useEffect, useState } from "react";

/**
 * The agent centre clock: HH:mm:ss in the brand's time zone, updated
 * each second. The server renders the loader's instant; the browser starts
 * from that same instant (so hydration matches), then ticks on every second.
 */
const clockFormatters = new Map<string, Intl.DateTimeFormat>();
const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

function cached(
  map: Map<string, Intl.DateTimeFormat>,
  timeZone: string,
  options: Intl.DateTimeFormatOptions,
) {
  let formatter = map.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-GB", { timeZone, ...options });
    map.set(timeZone, formatter);
  }
  return formatter;
}

/** HH:mm:ss (24 h) in the time zone; built from parts, so no locale separator can differ. */
export function formatClock(epochMs: number, timeZone: string): string {
  const parts = cached(clockFormatters, timeZone, {
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  }).formatToParts(new Date(epochMs));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((entry) => entry.type === type)?.value ?? "00";
  return `${part("hour")}:${part("minute")}:${part("second")}`;
}

/** The zone's offset from UTC at that instant, e.g. "GMT+05:00" (UTC itself is "GMT+00:00"). */
export function formatOffset(epochMs: number, timeZone: string): string {
  const name = cached(offsetFormatters, timeZone, { timeZoneName: "longOffset" })
    .formatToParts(new Date(epochMs))
    .find((entry) => entry.type === "timeZoneName")?.value;
  return !name || name === "GMT" || name === "UTC" ? "GMT+00:00" : name.replace(/^UTC/, "GMT");
}

export function AgentClock({ timeZone, initial }: { timeZone: string; initial: number }) {
  const [now, setNow] = useState(initial);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    // Scheduled on each second boundary, so no second is skipped or shown twice.
    const tick = () => {
      const current = Date.now();
      setNow(current);
      timer = setTimeout(tick, 1000 - (current % 1000));
    };
    tick();
    return () => clearTimeout(timer);
  }, []);
  return (
    <time className="agent-clock" dateTime={new Date(now).toISOString()} data-testid="agent-clock">
      {formatClock(now, timeZone)}
    </time>
  );
}
