import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { AnnouncementList } from "~/components/announcements/announcement-list";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Pager } from "~/components/ui/pager";
import { listAnnouncements, type Announcement } from "~/platform/content/announcements.server";
import { agentContext } from "~/utils/agency.server";
import { useTranslation } from "~/utils/i18n";
import { i18next } from "~/utils/i18next.server";
import { titleMeta } from "~/utils/meta";
import { pageParam } from "~/utils/pagination";

export const meta = titleMeta<typeof loader>();

/** Announcement lists: pages of 9. */
const PAGE_SIZE = 9;

/**
 * /agentHome/announcements: the brand's announcements for logged-in users
 * (execution A) of every type, newest first, in pages of 9; each title opens
 * its (sanitized) content, as the member popup does.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { db, brand, t } = await agentContext(request);
  const language = await i18next.getLocale(request);
  const lists = await listAnnouncements(db, {
    audience: ["A"],
    language,
    fallbackLanguage: brand.defaultLanguage,
  });
  // One announcement may sit in several lists (a popup that is also a headline): shown once.
  const unique = new Map<number, Announcement>();
  for (const item of Object.values(lists).flat()) unique.set(item.id, item);
  const all = [...unique.values()].sort(
    (a, b) => b.publishedAt.localeCompare(a.publishedAt) || b.id - a.id,
  );
  const pageCount = Math.max(1, Math.ceil(all.length / PAGE_SIZE));
  const page = Math.min(pageParam(new URL(request.url).searchParams.get("page")), pageCount);
  return json({
    title: t("agentCentre.announcements.title"),
    brandName: brand.name,
    timeZone: brand.timeZone,
    items: all
      .slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE)
      .map(({ id, title, contentHtml, publishedAt }) => ({ id, title, contentHtml, publishedAt })),
    total: all.length,
    page,
    pageCount,
  });
}

export default function AgentAnnouncements() {
  const { title, timeZone, items, total, page, pageCount } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <div className="records-page agent-announcements">
      <h1>{title}</h1>
      {total === 0 ? (
        <p className="empty-state" data-testid="announcements-empty">
          {t("agentCentre.announcements.empty")}
        </p>
      ) : (
        <section className="member-card">
          <p className="muted" data-testid="announcements-count">
            {t("agentCentre.announcements.count", { count: total })}
          </p>
          <AnnouncementList items={items} timeZone={timeZone} testId="announcement-list" />
        </section>
      )}
      <Pager
        pageNum={page}
        totalPages={pageCount}
        pageHref={(target) => `${location.pathname}?page=${target}`}
      />
    </div>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
