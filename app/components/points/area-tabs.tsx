import { Link } from "@remix-run/react";
import { useTranslation } from "~/utils/i18n";
import { POINTS_AREAS, type PointsArea } from "./types";

/** The mall's areas as links (URL state, so they work without JavaScript); the current one is marked. */
export function AreaTabs({ current }: { current: PointsArea }) {
  const { t } = useTranslation();
  return (
    <nav className="lobby-tabs point-mall-tabs" aria-label={t("pointMall.areas")}>
      <ul>
        {POINTS_AREAS.map((area) => (
          <li key={area}>
            <Link
              to={`/pointMall?area=${area}`}
              aria-current={area === current ? "page" : undefined}
              data-testid={`points-area-${area}`}
            >
              {t(`pointMall.area.${area}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
