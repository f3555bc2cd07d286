import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { listHelpArticles } from "~/platform/content/help.server";
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
  const [language, brand] = await Promise.all([i18next.getLocale(request), getBrandConfig(db)]);
  return json({
    articles: await listHelpArticles(db, { language, fallbackLanguage: brand.defaultLanguage }),
  });
}

/** Help centre; each article is an anchor, so /help#term opens the terms. */
export default function Help() {
  const { articles } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="help-page">
      <h1>{t("help.title")}</h1>
      <nav aria-label={t("help.contents")} className="help-toc">
        <ul>
          {articles.map((article) => (
            <li key={article.anchor}>
              <a href={`#${article.anchor}`}>{article.title}</a>
            </li>
          ))}
        </ul>
      </nav>
      {articles.map((article) => (
        <section
          key={article.anchor}
          id={article.anchor}
          className="help-article"
          aria-labelledby={`${article.anchor}-title`}
        >
          <h2 id={`${article.anchor}-title`}>{article.title}</h2>
          {/* Sanitized when stored and again when read. */}
          <div className="rich-text" dangerouslySetInnerHTML={{ __html: article.contentHtml }} />
        </section>
      ))}
    </div>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
