import { payoutKind } from "~/components/reality-check/payout";
import { useTranslation } from "~/utils/i18n";
import { formatMoney } from "~/utils/money";
import type { MoneyFormat } from "./types";

/** A payout below the stake is told as part of the stake returned, never as a win. */
export function ResultLine({
  result,
  money,
}: {
  result: { stake: string; payout: string; summary: string };
  money: MoneyFormat;
}) {
  const { t } = useTranslation();
  const amount = formatMoney(result.payout, money.currency, money.locale);
  switch (payoutKind(result.stake, result.payout)) {
    case "win":
      return t("demoGame.won", { amount, summary: result.summary });
    case "returned":
      return t("realityCheck.returnedLine", {
        amount,
        stake: formatMoney(result.stake, money.currency, money.locale),
        summary: result.summary,
      });
    default:
      return t("demoGame.lost", { summary: result.summary });
  }
}
