import { sanitizeContentHtml } from "./sanitize.server";
import type { Database } from "../db/open.server";

export interface HelpArticle {
  anchor: string;
  category: string;
  title: string;
  contentHtml: string;
}

/** The help centre (helpCenter) in a language, the fallback language when it has none. */
export async function listHelpArticles(
  db: Database,
  query: { language: string; fallbackLanguage: string },
): Promise<HelpArticle[]> {
  const read = (language: string) =>
    db
      .selectFrom("help_articles")
      .select(["anchor", "category", "title", "content_html"])
      .where("language", "=", language)
      .orderBy("sort")
      .orderBy("id")
      .execute();
  let rows = await read(query.language);
  if (!rows.length && query.language !== query.fallbackLanguage)
    rows = await read(query.fallbackLanguage);
  return rows.map((row) => ({
    anchor: row.anchor,
    category: row.category,
    title: row.title,
    contentHtml: sanitizeContentHtml(row.content_html),
  }));
}
