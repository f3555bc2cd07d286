import { Link } from "@remix-run/react";
import { useTranslation } from "~/utils/i18n";
import { Countdown } from "./countdown";
import type { LotteryGameData } from "./types";

/** The draw that takes bets: its number, when it closes, time left, and the hash of its seed (provably fair: ADR 12). */
export function OpenDraw({ draw, href }: { draw: LotteryGameData["draw"]; href: string }) {
  const { t } = useTranslation();
  return (
    <section
      className="lottery-open-draw member-card"
      aria-labelledby="lottery-open-draw-title"
      data-testid="open-draw"
    >
      <h2 id="lottery-open-draw-title">{t("lottery.draw.open", { drawNo: draw.drawNo })}</h2>
      <dl className="lottery-facts">
        <dt>{t("lottery.draw.closesAt")}</dt>
        <dd>
          <time data-testid="draw-closes-at">{draw.closesAt}</time>
        </dd>
        <dt>{t("lottery.draw.timeLeft")}</dt>
        <dd>
          <Countdown key={draw.drawNo} seconds={draw.secondsLeft} />
        </dd>
        <dt>{t("lottery.draw.seedHash")}</dt>
        <dd>
          <code dir="ltr" className="lottery-hash" data-testid="draw-seed-hash">
            {draw.seedHash}
          </code>
        </dd>
      </dl>
      <p className="muted">{t("lottery.draw.fairness")}</p>
      <Link to={href} className="button small" data-testid="draw-reload">
        {t("lottery.draw.reload")}
      </Link>
    </section>
  );
}
