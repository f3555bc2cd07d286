import { Link } from "@remix-run/react";
import { useTranslation } from "~/utils/i18n";
import { launchHref } from "~/utils/lobby-links";
import { VendorTile, type VendorTileData } from "./vendor-tile";

export interface GameCentreData {
  category: string;
  vendors: VendorTileData[];
  entrance: { nodeId: number; gameName: string } | null;
}

/** /sports /esports /lott /elott: the category's vendors, each launching its game or lobby. */
export function GameCentrePage({ data }: { data: GameCentreData }) {
  const { t } = useTranslation();
  return (
    <div className="game-centre-page">
      <h1>{t(`category.${data.category}`)}</h1>
      {data.entrance ? (
        // The sports entrance image launches the first sports game.
        <Link
          to={launchHref(data.entrance.nodeId)}
          className="sports-entrance"
          data-testid="sports-entrance"
        >
          <img
            src="/images/sports-entrance.svg"
            alt={t("lobby.sportsEntrance")}
            width={1200}
            height={300}
          />
        </Link>
      ) : null}
      {data.vendors.length ? (
        <ul className="vendor-grid large">
          {data.vendors.map((vendor) => (
            <VendorTile key={vendor.vassalage} vendor={vendor} category={data.category} />
          ))}
        </ul>
      ) : (
        <p className="empty-state">{t("lobby.comingSoon")}</p>
      )}
    </div>
  );
}
