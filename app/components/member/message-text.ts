import { useTranslation } from "~/utils/i18n";
import { formatMoney } from "~/utils/money";

/** Parameters that are money (minor units), shown in the brand's currency. */
const MONEY_PARAMS = ["amount", "loss"] as const;

/** Each feature words its own message kinds: the first of these keys that exists is used. */
const PREFIXES = [
  "messagesPage.kinds",
  "rewards.messages",
  "referral.messages",
  "pointMall.messages",
  "ageCheck.messages",
  "protectionOps.messages",
  "feedback.messages",
  "stepUp.messages",
];

/**
 * A platform message in the reader's language, from its kind and parameters;
 * amounts in the brand's currency. The rewards platform's kinds are worded
 * with the reward centre's labels (`rewards.messages`, a forfeit's reason
 * from `rewards.forfeitReason`); a rejection's reason is the operator's text.
 * The member's inbox and the staff's player page word a message alike.
 */
export function useMessageText(currency: { symbol: string; minorUnits: number }) {
  const { t, i18n } = useTranslation();
  return (message: { kind: string; params: Record<string, string> }) => {
    const params: Record<string, string> = { ...message.params };
    for (const name of MONEY_PARAMS) {
      const value = params[name];
      if (value !== undefined && /^-?\d+$/.test(value))
        params[name] = formatMoney(value, currency, i18n.language);
    }
    if (message.kind === "promotion_forfeited" && params.reason)
      params.reason = t(`rewards.forfeitReason.${params.reason}`, { defaultValue: params.reason });
    return PREFIXES.reduceRight(
      (fallback, prefix) => t(`${prefix}.${message.kind}`, { ...params, defaultValue: fallback }),
      t("messagesPage.unknown"),
    );
  };
}
