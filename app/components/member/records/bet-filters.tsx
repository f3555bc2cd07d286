import { CATEGORIES } from "~/platform/catalog/categories";
import { useTranslation } from "~/utils/i18n";
import { FilterSelect } from "./filter-select";

/** The filters every bet list shares (the member's betting record, the agent's team betting): category, vendor and status. */
export function BetFilters({
  filter,
  vendors,
  vendorNames,
  statuses,
}: {
  filter: { category: string; vendor: string; status: string };
  vendors: readonly string[];
  vendorNames: Record<string, string>;
  statuses: readonly string[];
}) {
  const { t } = useTranslation();
  return (
    <>
      <FilterSelect
        name="category"
        label={t("records.filter.category")}
        value={filter.category}
        allLabel={t("records.filter.all")}
        options={CATEGORIES.map((value) => ({ value, label: t(`category.${value}`) }))}
      />
      <FilterSelect
        name="vendor"
        label={t("records.filter.vendor")}
        value={filter.vendor}
        allLabel={t("records.filter.all")}
        options={vendors.map((value) => ({ value, label: vendorNames[value] ?? value }))}
      />
      <FilterSelect
        name="status"
        label={t("records.filter.status")}
        value={filter.status}
        allLabel={t("records.filter.all")}
        options={statuses.map((value) => ({ value, label: t(`records.betStatus.${value}`) }))}
      />
    </>
  );
}
