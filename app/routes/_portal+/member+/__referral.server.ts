import * as z from "zod/v4";
import type { TFunction } from "~/i18n";
import { maskCustomerName } from "~/platform/catalog/winners.server";
import type { Database } from "~/platform/db/open.server";
import { PlatformError } from "~/platform/errors";
import type { Promotion } from "~/platform/rewards/promotion-rows.server";
import { referralCodeOf } from "~/platform/rewards/referral/codes.server";
import { listReferredFriends } from "~/platform/rewards/referral/friends.server";
import { mayClaimReferrer, referrerOf } from "~/platform/rewards/referral/links.server";
import type { BrandConfig } from "~/platform/system/brand-config.server";
import { RECORDS_PAGE_SIZE } from "~/utils/records.server";
import { invitationLink } from "~/utils/referral-link.server";

/**
 * /member/referral's server side: the invitation link and its share links,
 * the promotion's terms, the friends with their reward state, and the form
 * in which a member who joined without one names the friend who invited them.
 */

/** Share links: plain URLs the messengers document, so they work without JavaScript. */
export function shareLinks(link: string, text: string) {
  return {
    whatsapp: `https://wa.me/?text=${encodeURIComponent(`${text} ${link}`)}`,
    telegram: `https://t.me/share/url?url=${encodeURIComponent(link)}&text=${encodeURIComponent(text)}`,
  };
}

export async function referralPageData(
  db: Database,
  request: Request,
  memberId: string,
  options: {
    promotion: Promotion;
    brand: BrandConfig;
    window: { from: Date; to: Date };
    page: number;
    t: TFunction;
  },
) {
  const [code, listed, referrer, claimRefusal] = await Promise.all([
    referralCodeOf(db, memberId),
    listReferredFriends(
      db,
      memberId,
      { start: options.window.from, end: options.window.to },
      { offset: (options.page - 1) * RECORDS_PAGE_SIZE, limit: RECORDS_PAGE_SIZE },
    ),
    referrerOf(db, memberId),
    mayClaimReferrer(db, memberId, new Date()),
  ]);
  const link = invitationLink(code);
  const { promotion } = options;
  return {
    code,
    link,
    share: shareLinks(link, options.t("referral.shareText", { brand: options.brand.name })),
    qr: { src: "/resources/referral-qr", download: "/resources/referral-qr?download=1" },
    terms: {
      reward: (promotion.rewardFixed ?? 0n).toString(),
      minDeposit: promotion.minDeposit.toString(),
      minValidBet: (promotion.referral?.minValidBet ?? 0n).toString(),
      turnover: promotion.turnoverMultiple > 0,
    },
    referrer: referrer && maskCustomerName(referrer),
    canClaim: claimRefusal === null,
    friends: {
      rows: listed.friends,
      total: listed.total,
      page: options.page,
      pageCount: Math.max(1, Math.ceil(listed.total / RECORDS_PAGE_SIZE)),
    },
  };
}

/** A friend's code, typed: refusals are translated field errors, never a 500. */
export const claimSchema = (t: TFunction) =>
  z.object({
    code: z
      .string({ error: t("referral.claim.required") })
      .trim()
      .min(1, { error: t("referral.claim.required") })
      .regex(/^[A-Za-z0-9]{4,32}$/, { error: t("identityError.invitation_code_error") }),
  });

/** A refusal of the platform's beside the code field. */
export function claimErrorMessage(error: unknown, t: TFunction) {
  if (!(error instanceof PlatformError)) throw error;
  if (error.code === "referral_code_invalid") return t("identityError.invitation_code_error");
  return t(`referral.claim.error.${error.code}`, {
    defaultValue: t("referral.claim.error.unknown"),
  });
}
