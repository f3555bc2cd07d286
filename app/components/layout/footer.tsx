import { useTranslation } from "~/utils/i18n";
import { categoryPath } from "~/utils/lobby-links";
import type { LaneSummary } from "./types";
import { PlainLink } from "../ui/plain-link";

export function Footer({
  brandName,
  helpLinks,
  lanes,
  social,
  vendorIcons,
}: {
  brandName: string;
  helpLinks: { labelNameEn: string; url: string }[];
  lanes: LaneSummary[];
  social: { csType: string; path: string }[];
  vendorIcons: string[];
}) {
  const { t } = useTranslation();
  return (
    <footer className="site-footer">
      <div className="footer-columns">
        <section aria-labelledby="footer-help">
          <h2 id="footer-help">{t("footer.help")}</h2>
          <ul>
            {helpLinks.map((link) => (
              <li key={link.url}>
                <PlainLink to={link.url}>
                  {t(`footer.resource.${link.url.split("#")[1] ?? "help"}`, link.labelNameEn)}
                </PlainLink>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="footer-products">
          <h2 id="footer-products">{t("footer.products")}</h2>
          <ul>
            {lanes.map((lane) => (
              <li key={lane.title}>
                <PlainLink to={categoryPath(lane.title)}>{t(`category.${lane.title}`)}</PlainLink>
              </li>
            ))}
          </ul>
        </section>
        {social.length ? (
          <section aria-labelledby="footer-social">
            <h2 id="footer-social">{t("footer.followUs")}</h2>
            <ul className="social-links">
              {social.map((entry) => (
                <li key={entry.csType}>
                  <a
                    href={entry.path}
                    target="_blank"
                    rel="noopener noreferrer"
                    data-testid={`social-${entry.csType}`}
                  >
                    {t(`footer.social.${entry.csType}`)}
                  </a>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>
      <ul className="footer-vendors" aria-label={t("footer.providers")}>
        {vendorIcons.map((code) => (
          <li key={code}>
            <img
              src={`/resources/icons/vendor/${code}.svg`}
              alt={code}
              width={64}
              height={32}
              loading="lazy"
            />
          </li>
        ))}
      </ul>
      <p className="footer-note">
        <span>{t("footer.age")}</span> ·{" "}
        {/* Issue 17: one click from every page; the page's guard sends a visitor through login. */}
        <PlainLink to="/member/protection" data-testid="footer-protection">
          {t("protection.link")}
        </PlainLink>{" "}
        · <span>© {brandName}</span>
      </p>
    </footer>
  );
}
