import { useState } from "react";
import { useTranslation } from "~/utils/i18n";
import { vendorHref } from "~/utils/lobby-links";
import { CategoryLink } from "./category-link";
import type { LaneSummary } from "./types";
import { PlainLink } from "../ui/plain-link";

/** Above this many vendors a category's drop-down is the large one. */
const LARGE_DROPDOWN_ABOVE = 10;

/**
 * A category in the header's menu. Its vendor drop-down is built the first
 * time a pointer or the keyboard reaches the entry: every page has the
 * header, and a drop-down per category in the first HTML cost each page
 * hundreds of elements and, with JavaScript off (when browsers load every
 * image at once), dozens of vendor icons nobody opened. Until then, and
 * without JavaScript, the entry is the link to the category's page, which
 * lists the same vendors.
 */
export function CategoryMenuEntry({ lane }: { lane: LaneSummary }) {
  const { t } = useTranslation();
  const [reached, setReached] = useState(false);
  const reach = () => setReached(true);
  return (
    <li className="has-dropdown" onPointerEnter={reach} onFocus={reach}>
      <CategoryLink category={lane.title}>{t(`category.${lane.title}`)}</CategoryLink>
      {reached ? (
        <div
          className={
            lane.vendors.length > LARGE_DROPDOWN_ABOVE ? "dropdown dropdown-large" : "dropdown"
          }
          data-testid={`dropdown-${lane.title}`}
        >
          <ul>
            {lane.vendors.map((vendor) => (
              <li key={vendor.vassalage}>
                <PlainLink to={vendorHref(lane.title, vendor.vassalage)}>
                  <img src={vendor.lagerIcon} alt="" width={28} height={28} loading="lazy" />
                  <span>{vendor.displayName}</span>
                </PlainLink>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </li>
  );
}
