import { PlainLink } from "~/components/ui/plain-link";
import { useTranslation } from "~/utils/i18n";
import { Icon } from "../ui/icon";

/** Notice marquee: announcement titles; a click opens the notice dialog at that index. */
export function NoticeMarquee({
  titles,
  hrefFor,
}: {
  titles: { id: number; title: string }[];
  hrefFor: (index: number) => string;
}) {
  const { t } = useTranslation();
  if (!titles.length) return null;
  return (
    <section className="notice-marquee" aria-label={t("lobby.notices")}>
      <span className="marquee-icon">
        <Icon name="megaphone" />
      </span>
      <div className="marquee-track">
        <ul>
          {titles.map((notice, index) => (
            <li key={notice.id}>
              <PlainLink to={hrefFor(index)} keepScroll data-testid="marquee-item">
                {notice.title}
              </PlainLink>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
