import type { TFunction } from "~/i18n";
import type { LiveEventData } from "~/platform/events/types";
import { formatMoney } from "~/utils/money";

type Money = (minor: string) => string;

/** Message kinds that repeat a deposit or withdrawal event: those toast once, as the event. */
const ANNOUNCED_ELSEWHERE = new Set([
  "deposit_arrived",
  "deposit_failed",
  "withdrawal_approved",
  "withdrawal_rejected",
  "withdrawal_paid",
]);

/** What a toast says for an event, or null for events that change figures silently. */
export function toastText<T extends keyof LiveEventData>(
  t: TFunction,
  money: Money,
  type: T,
  data: LiveEventData[T],
): string | null {
  switch (type) {
    case "deposit": {
      const { status, amount } = data as LiveEventData["deposit"];
      return t(`liveEvents.deposit.${status}`, { amount: money(amount) });
    }
    case "withdrawal": {
      const { status, amount } = data as LiveEventData["withdrawal"];
      return t(`liveEvents.withdrawal.${status}`, { amount: money(amount) });
    }
    case "message": {
      const { kind, unread } = data as LiveEventData["message"];
      return ANNOUNCED_ELSEWHERE.has(kind) ? null : t("liveEvents.message", { count: unread });
    }
    case "lottery_draw":
      return t("liveEvents.lotteryDraw", { draw: (data as LiveEventData["lottery_draw"]).draw });
    case "announcement":
      return t("liveEvents.announcement");
    case "signed_out":
      return t("liveEvents.signedOut");
    case "support_message":
      return t("support.live.reply");
    default:
      return null;
  }
}

export const moneyFormatter =
  (currency: { symbol: string; minorUnits: number }, locale: string): Money =>
  (minor) =>
    formatMoney(minor, currency, locale);
