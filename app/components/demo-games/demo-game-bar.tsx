import { RealityBar } from "~/components/reality-check/reality-bar";
import type { RealityView } from "~/components/reality-check/types";
import { useTranslation } from "~/utils/i18n";
import { formatMoney } from "~/utils/money";
import type { MoneyFormat } from "./types";

/** The game page's bar: the game, demo or real money, the reality check, the table's chat, the balance. */
export function DemoGameBar({
  name,
  mode,
  reality,
  path,
  chatHref,
  balance,
  money,
}: {
  name: string;
  mode: "real" | "demo";
  reality: RealityView | null;
  /** The game's own path: where the reality check comes back to. */
  path: string;
  chatHref: string | null;
  balance: string;
  /** The balance's money: play money in a demo. */
  money: MoneyFormat;
}) {
  const { t } = useTranslation();
  return (
    <header className="demo-game-bar">
      <h1>{name}</h1>
      <span className="badge">
        {mode === "demo" ? t("demoGame.modeDemo") : t("demoGame.modeReal")}
      </span>
      <RealityBar reality={reality} returnTo={path} />
      {chatHref ? (
        <a href={chatHref} target="_blank" rel="noreferrer" data-testid="demo-table-chat">
          {t("chat.tableLink")}
        </a>
      ) : null}
      <p className="demo-balance">
        <span>{mode === "demo" ? t("demoGame.playBalance") : t("demoGame.balance")}</span>{" "}
        <strong data-testid="demo-balance">
          {formatMoney(balance, money.currency, money.locale)}
        </strong>
      </p>
    </header>
  );
}
