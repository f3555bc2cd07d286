import type { ContractKind, ContractPeriod } from "~/platform/db/schema";
import { useTranslation } from "~/utils/i18n";
import { formatMoney } from "~/utils/money";
import { formatRate } from "~/utils/rates";

type Currency = { symbol: string; minorUnits: number };

/** A contract's terms as the platform keeps them (rates in basis points, thresholds in minor units). */
export type TermsView = Partial<
  Record<
    | "rate"
    | "minValidBet"
    | "minProfitLoss"
    | "minActiveMembers"
    | "profitRate"
    | "lossRate"
    | "minSingleBet",
    number
  >
>;

/** The label of a terms field: the bet threshold is named by the kind's period. */
export function termLabelKey(kind: ContractKind, field: keyof TermsView): string {
  return field === "minValidBet"
    ? `agentContracts.terms.minValidBet.${kind}`
    : `agentContracts.terms.${field}`;
}

/** The fields of a kind's terms, in the order they are shown. */
export const TERM_FIELDS: Record<ContractKind, ReadonlyArray<keyof TermsView>> = {
  DIVIDEND: ["minValidBet", "minProfitLoss", "minActiveMembers", "rate"],
  DAILY: ["minValidBet", "rate"],
  HOURLY: ["minValidBet", "rate"],
  REALTIME: ["profitRate", "lossRate", "minSingleBet"],
};

const RATE_FIELDS = new Set<keyof TermsView>(["rate", "profitRate", "lossRate"]);

/** One term as text: a rate in %, a count, or money. */
export function useTermText(currency: Currency) {
  const { i18n } = useTranslation();
  return (field: keyof TermsView, value: number | undefined) => {
    if (value === undefined) return "";
    if (RATE_FIELDS.has(field)) return formatRate(value);
    if (field === "minActiveMembers") return String(value);
    return formatMoney(value, currency, i18n.language);
  };
}

interface TermsProps {
  kind: ContractKind;
  period: ContractPeriod | null;
  terms: TermsView;
  currency: Currency;
}

/** A contract's terms as a definition list: the period for a dividend, then the kind's fields. */
export function ContractTerms({ kind, period, terms, currency }: TermsProps) {
  const { t } = useTranslation();
  const text = useTermText(currency);
  return (
    <dl className="agent-facts contract-terms">
      {period ? (
        <div>
          <dt>{t("agentContracts.terms.period")}</dt>
          <dd data-testid="term-period">{t(`agentContracts.period.${period}`)}</dd>
        </div>
      ) : null}
      {TERM_FIELDS[kind].map((field) => (
        <div key={field}>
          <dt>{t(termLabelKey(kind, field))}</dt>
          <dd data-testid={`term-${field}`}>{text(field, terms[field])}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The terms in one line, for a table cell. */
export function TermsSummary({ kind, period, terms, currency }: TermsProps) {
  const { t } = useTranslation();
  const text = useTermText(currency);
  const parts = TERM_FIELDS[kind].map(
    (field) => `${t(termLabelKey(kind, field))}: ${text(field, terms[field])}`,
  );
  if (period)
    parts.unshift(`${t("agentContracts.terms.period")}: ${t(`agentContracts.period.${period}`)}`);
  return <>{parts.join(" · ")}</>;
}
