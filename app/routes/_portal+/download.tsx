import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { getDb } from "~/platform/start.server";
import { getBrandConfig } from "~/platform/system/settings.server";
import { visitorPageLoader } from "~/server/page-cache.server";
import { useTranslation } from "~/utils/i18n";
import { i18next } from "~/utils/i18next.server";

export function loader(args: LoaderFunctionArgs) {
  return visitorPageLoader(args, () => load(args.request));
}

async function load(request: Request) {
  const db = await getDb();
  const [brand, locale] = await Promise.all([getBrandConfig(db), i18next.getLocale(request)]);
  return json({
    links: brand.appDownload,
    brandName: brand.name,
    qr: `/resources/qr/download?lng=${locale}`,
  });
}

const GUIDES = [
  { key: "ios", steps: 4 },
  { key: "liteIos", steps: 3 },
  { key: "android", steps: 4 },
] as const;

/** The app download page: install guides for iOS, lite iOS and Android, and a QR code to this page. */
export default function Download() {
  const { links, brandName, qr } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="download-page">
      <h1>{t("download.title", { brand: brandName })}</h1>
      <div className="download-qr">
        <img src={qr} alt={t("sideMenu.qrAlt")} width={200} height={200} />
        <p>{t("download.scan")}</p>
      </div>
      <div className="guides">
        {GUIDES.map((guide) => {
          const href = links[guide.key];
          return (
            <section key={guide.key} className="guide" aria-labelledby={`guide-${guide.key}`}>
              <h2 id={`guide-${guide.key}`}>{t(`download.${guide.key}.title`)}</h2>
              <ol>
                {Array.from({ length: guide.steps }, (_, index) => (
                  <li key={index}>{t(`download.${guide.key}.step${index + 1}`)}</li>
                ))}
              </ol>
              {href ? (
                <a className="button primary" href={href} rel="noopener">
                  {t("download.get", { platform: t(`download.${guide.key}.title`) })}
                </a>
              ) : null}
            </section>
          );
        })}
      </div>
    </div>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
