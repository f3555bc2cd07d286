import { Link } from "@remix-run/react";
import { useTranslation } from "~/utils/i18n";
import { categoryPath, launchHref } from "~/utils/lobby-links";
import { withSearchParam } from "~/utils/misc";
import { VendorSubMenu } from "./vendor-sub-menu";
import { VendorTile, type VendorTileData } from "./vendor-tile";
import { GameGrid } from "../play/game-grid";
import type { GameTileData } from "../play/game-tile";

export type SectionData =
  | {
      kind: "games";
      category: string;
      vendors: VendorTileData[];
      activeVendor: string | null;
      page: { games: GameTileData[]; pageNum: number; totalPages: number };
    }
  | { kind: "vendors"; category: string; vendors: VendorTileData[]; entrance: GameTileData | null }
  | { kind: "empty"; category: string };

/** One category's section of the lobby: a filtered game grid, or vendor tiles (with the sports entrance). */
export function LobbySection({
  section,
  here,
  home,
}: {
  section: SectionData;
  here: string;
  home: boolean;
}) {
  const { t } = useTranslation();
  const key = section.category.toLowerCase();
  const title = t(`category.${section.category}`);
  const headingId = `section-${key}`;
  return (
    <section
      className="lobby-section"
      aria-labelledby={headingId}
      data-testid={`section-${section.category}`}
    >
      <header className="section-header">
        <h2 id={headingId}>{title}</h2>
        {home && section.kind !== "empty" ? (
          <Link to={categoryPath(section.category)} className="more-link">
            {t("lobby.more")}
            <span className="visually-hidden"> {title}</span>
          </Link>
        ) : null}
      </header>
      {section.kind === "empty" ? <p className="empty-state">{t("lobby.comingSoon")}</p> : null}
      {section.kind === "games" ? (
        <>
          <VendorSubMenu
            vendors={section.vendors}
            active={section.activeVendor}
            label={t("lobby.vendorsOf", { category: title })}
            hrefFor={(vassalage) =>
              withSearchParam(withSearchParam(here, `${key}Vendor`, vassalage), `${key}Page`, null)
            }
          />
          <GameGrid
            games={section.page.games}
            pageNum={section.page.pageNum}
            totalPages={section.page.totalPages}
            pageHref={(page) => withSearchParam(here, `${key}Page`, page)}
            returnTo={here}
            label={title}
            // On home the categories' lanes stack below the hot games: most are off a phone's screen.
            deferTiles={home}
          />
        </>
      ) : null}
      {section.kind === "vendors" ? (
        <>
          {section.entrance ? (
            // The sports entrance image launches the first sports game.
            <Link
              to={launchHref(section.entrance.nodeId)}
              className="sports-entrance"
              data-testid="sports-entrance"
            >
              <img
                src="/images/sports-entrance.svg"
                alt={t("lobby.sportsEntrance")}
                width={1200}
                height={300}
                loading="lazy"
              />
            </Link>
          ) : null}
          <ul
            className={
              section.category === "LOTT" || section.category === "ELOTT"
                ? "vendor-grid lottery"
                : "vendor-grid"
            }
          >
            {section.vendors.map((vendor) => (
              <VendorTile key={vendor.vassalage} vendor={vendor} category={section.category} />
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
