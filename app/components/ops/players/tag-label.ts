import { useTranslation } from "~/utils/i18n";

/** A tag of the brand's list, as JSON: its code and any labels the brand file gives it, by language. */
export interface BrandTagView {
  code: string;
  labels: Record<string, string>;
}

/**
 * How a tag reads to staff: a brand tag by its label in the reader's language
 * (the brand file's, else the label files', else the brand's English one),
 * staff's own words as they were typed in.
 */
export function useTagLabel(brandTags: readonly BrandTagView[]) {
  const { t, i18n } = useTranslation();
  return (tag: string): { label: string; brand: boolean } => {
    const brandTag = brandTags.find((candidate) => candidate.code === tag);
    if (!brandTag) return { label: tag, brand: false };
    const label =
      brandTag.labels[i18n.language] ??
      t(`opsPlayers.notes.brandTags.${tag}`, { defaultValue: brandTag.labels.en ?? tag });
    return { label, brand: true };
  };
}
