import { listMessages, unreadMessageCount } from "~/platform/content/messages.server";
import type { Database } from "~/platform/db/open.server";
import { promotionNames } from "~/platform/rewards/promotion-names.server";
import type { BrandConfig } from "~/platform/system/brand-config.server";
import { i18next } from "~/utils/i18next.server";
import { pageParam } from "./pagination";
import { RECORDS_PAGE_SIZE } from "./records.server";

/**
 * What a messages page shows for one account (components/member/messages-page
 * declares what it renders; this fits it): a page of its messages and its
 * unread count, and the promotions its reward messages name (`promotion`,
 * an id) by their code and title in the reader's language, so a message can
 * link to the reward centre at its promotion. Reading marks nothing: a message stays unread until its
 * reader says so (a GET must not change state, and prefetching would read
 * them all).
 */
export async function messagesPageData(
  db: Database,
  brand: BrandConfig,
  memberId: string,
  request: Request,
  title: string,
) {
  const url = new URL(request.url);
  const page = pageParam(url.searchParams.get("page"));
  const [{ messages, total }, unread, language] = await Promise.all([
    listMessages(db, memberId, { page, pageSize: RECORDS_PAGE_SIZE }),
    unreadMessageCount(db, memberId),
    i18next.getLocale(request),
  ]);
  const promotions = await promotionNames(
    db,
    messages.map((message) => message.params.promotion),
    { language, fallbackLanguage: brand.defaultLanguage },
  );
  return {
    title,
    brandName: brand.name,
    currency: brand.currency,
    timeZone: brand.timeZone,
    messages: messages.map((message) => {
      const id = message.params.promotion;
      // Undefined: no promotion named; null: named, but gone (the message still shows).
      const promotion = id === undefined ? undefined : (promotions[id] ?? null);
      return { ...message, promotion };
    }),
    unread,
    page,
    pageCount: Math.max(1, Math.ceil(total / RECORDS_PAGE_SIZE)),
    marked: url.searchParams.get("marked") === "1",
  };
}
