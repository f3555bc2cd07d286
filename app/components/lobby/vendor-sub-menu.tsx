import { Link } from "@remix-run/react";
import { useTranslation } from "~/utils/i18n";

/** Filters a category's games by vassalage; "All" clears the filter. */
export function VendorSubMenu({
  vendors,
  active,
  hrefFor,
  label,
}: {
  vendors: { vassalage: string; displayName: string }[];
  active: string | null;
  hrefFor: (vassalage: string | null) => string;
  label: string;
}) {
  const { t } = useTranslation();
  return (
    <nav className="sub-menu" aria-label={label}>
      <ul>
        <li>
          <Link to={hrefFor(null)} aria-current={active === null ? "true" : undefined} preventScrollReset>
            {t("lobby.allVendors")}
          </Link>
        </li>
        {vendors.map((vendor) => (
          <li key={vendor.vassalage}>
            <Link
              to={hrefFor(vendor.vassalage)}
              aria-current={active === vendor.vassalage ? "true" : undefined}
              data-vassalage={vendor.vassalage}
              preventScrollReset
            >
              {vendor.displayName}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
