import { useTranslation } from "~/utils/i18n";
import { useCountdown } from "../ui/use-countdown";

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
  const left = useCountdown(seconds);
  return (
    // A timer, announced only when asked (its role's default): the text changes every second.
    // On the span, not the list's <dd>, which may carry no role.
    <span role="timer" className="lottery-countdown" data-testid="draw-countdown">
      {left > 0
        ? t("lottery.draw.closesIn", { time: countdownText(left) })
        : t("lottery.draw.closed")}
    </span>
  );
}
