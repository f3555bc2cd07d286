import { useTranslation } from "~/utils/i18n";
import type { OutcomeView } from "./types";

type RouletteOutcome = Extract<OutcomeView, { engine: "roulette" }>;

/** Where the ball landed: the pocket, its colour in words (not by colour alone). */
export function RouletteBoard({ outcome }: { outcome: RouletteOutcome | null }) {
  const { t } = useTranslation();
  if (!outcome) return <p className="demo-pocket muted">{t("demoGame.placeBet")}</p>;
  return (
    <p className={`demo-pocket pocket-${outcome.colour}`} data-testid="roulette-pocket">
      <span className="demo-pocket-number" aria-hidden="true">
        {outcome.pocket}
      </span>
      <span>
        {t("demoGame.landed", {
          number: outcome.pocket,
          colour: t(`demoGame.colours.${outcome.colour}`),
        })}
      </span>
    </p>
  );
}
