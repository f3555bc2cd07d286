import { useTranslation } from "~/utils/i18n";

/** A game page whose session is unknown, expired or not the signed-in member's. */
export function DemoGameNotFound() {
  const { t } = useTranslation();
  return (
    <div role="alert" data-testid="demo-game-not-found">
      <h1>{t("demoGame.notFoundTitle")}</h1>
      <p>{t("demoGame.notFound")}</p>
    </div>
  );
}
