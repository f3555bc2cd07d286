import { useTranslation } from "~/utils/i18n";
import { useTagLabel, type BrandTagView } from "./tag-label";

/** The member's tags as small badges under the player page's title, so every tab shows them. */
export function TagBadges({
  tags,
  brandTags,
}: {
  tags: readonly { tag: string }[];
  brandTags: readonly BrandTagView[];
}) {
  const { t } = useTranslation();
  const labelOf = useTagLabel(brandTags);
  if (tags.length === 0) return null;
  return (
    <ul
      className="chip-list player-tags"
      aria-label={t("opsPlayers.notes.tags")}
      data-testid="ops-player-tags"
    >
      {tags.map(({ tag }) => {
        const { label, brand } = labelOf(tag);
        return (
          <li
            key={tag}
            className={brand ? "player-tag-brand" : undefined}
            data-testid="ops-player-tag"
            data-tag={tag}
            dir={brand ? undefined : "auto"}
          >
            {label}
          </li>
        );
      })}
    </ul>
  );
}
