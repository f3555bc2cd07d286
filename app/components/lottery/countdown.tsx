import { useEffect, useState } from "react";
import { useTranslation } from "~/utils/i18n";

/** "4:05" or "1:02:03". */
export function countdownText(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, "0");
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, "0")}:${rest}` : `${minutes}:${rest}`;
}

/**
 * Time left on the open draw. The server renders it; with JavaScript it
 * counts down (from when the page arrived, so the browser's clock does not
 * matter). At zero it asks for a reload, which shows the result.
 */
export function Countdown({ seconds }: { seconds: number }) {
  const { t } = useTranslation();
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    setLeft(seconds);
    const end = Date.now() + seconds * 1000;
    const timer = window.setInterval(() => {
      const now = Math.max(0, Math.ceil((end - Date.now()) / 1000));
      setLeft(now);
      if (now === 0) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [seconds]);
  return (
    <span className="lottery-countdown" data-testid="draw-countdown">
      {left > 0
        ? t("lottery.draw.closesIn", { time: countdownText(left) })
        : t("lottery.draw.closed")}
    </span>
  );
}
