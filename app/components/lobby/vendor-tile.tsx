import { PlainLink } from "~/components/ui/plain-link";
import { useTranslation } from "~/utils/i18n";
import { vendorHref } from "~/utils/lobby-links";
import { GameIcon } from "../ui/game-icon";

export interface VendorTileData {
  vassalage: string;
  displayName: string;
  lagerIcon: string;
}

/** Vendor tile: a click launches the vendor, with a play button except in RNG. */
export function VendorTile({ vendor, category }: { vendor: VendorTileData; category: string }) {
  const { t } = useTranslation();
  const launches = category !== "RNG";
  return (
    <li className="vendor-tile" data-testid="vendor-tile" data-vassalage={vendor.vassalage}>
      <PlainLink to={vendorHref(category, vendor.vassalage)} className="vendor-link">
        <GameIcon src={vendor.lagerIcon} alt="" size={96} />
        <span className="vendor-name">{vendor.displayName}</span>
        {launches ? (
          <span className="button primary small" aria-hidden="true">
            {t("game.play")}
          </span>
        ) : null}
      </PlainLink>
    </li>
  );
}
