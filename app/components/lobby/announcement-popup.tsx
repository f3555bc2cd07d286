import { Link } from "@remix-run/react";
import {
  AnnouncementList,
  type AnnouncementItem,
} from "~/components/announcements/announcement-list";
import { useTranslation } from "~/utils/i18n";
import { Dialog } from "../ui/dialog";
import { DialogPager } from "../ui/dialog-pager";

export interface AnnouncementData extends AnnouncementItem {
  promotionType: string | null;
  promotionCode: string | null;
}

/**
 * "Go to promotion": the reward centre at the announced promotion (a
 * visitor passes the login dialog first: the member centre's guard sends
 * them there), or the promotions of its category.
 */
export function promotionHref(item: Pick<AnnouncementData, "promotionType" | "promotionCode">) {
  if (item.promotionCode)
    return `/member/rewards?promotion=${encodeURIComponent(item.promotionCode)}`;
  return item.promotionType ? "/member/rewards" : null;
}

/** Announcement popup: a page of (up to 9) titles, each expandable to its sanitized HTML. */
export function AnnouncementPopup({
  items,
  page,
  totalPages,
  pageHref,
  returnTo,
  audience,
  timeZone,
}: {
  items: AnnouncementData[];
  page: number;
  totalPages: number;
  pageHref: (page: number) => string;
  returnTo: string;
  audience: string;
  timeZone: string;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      title={t("announcements.title")}
      close={{ action: "/resources/announcements", fields: { redirectTo: returnTo, audience } }}
      className="announcement-dialog"
      testId="announcement-popup"
    >
      <AnnouncementList
        items={items}
        timeZone={timeZone}
        after={(item) => {
          const href = promotionHref(item);
          return href ? (
            <Link to={href} className="button primary small">
              {t("announcements.goToPromotion")}
            </Link>
          ) : null;
        }}
      />
      {totalPages > 1 ? (
        <DialogPager
          page={page}
          total={totalPages}
          pageHref={pageHref}
          statusTestId="announcement-page"
        />
      ) : null}
    </Dialog>
  );
}
