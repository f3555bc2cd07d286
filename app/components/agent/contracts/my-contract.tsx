import { Form, Link } from "@remix-run/react";
import { formatTimestamp } from "~/platform/calendar/datetime";
import { useTranslation } from "~/utils/i18n";
import { ContractTerms } from "./contract-terms";
import type { ContractViewData, Currency } from "./types";

/** Who granted a contract: the upline's account, or the house for a top agent's. */
function useGrantor() {
  const { t } = useTranslation();
  return (contract: ContractViewData) => contract.uplineAccount ?? t("agentContracts.mine.house");
}

/**
 * "My contract": the agent's active contract of the kind with its terms,
 * since when and from whom, and a Terminate link that opens the
 * confirmation (URL state ?confirm=terminate, so it works without JS).
 */
export function MyContract({
  held,
  currency,
  timeZone,
  confirmHref,
}: {
  held: ContractViewData | null;
  currency: Currency;
  timeZone: string;
  confirmHref: string;
}) {
  const { t } = useTranslation();
  const grantor = useGrantor();
  return (
    <section className="member-card" aria-labelledby="my-contract-title" data-testid="my-contract">
      <h2 id="my-contract-title">{t("agentContracts.mine.title")}</h2>
      {held ? (
        <>
          <ContractTerms
            kind={held.kind}
            period={held.period}
            terms={held.terms}
            currency={currency}
          />
          <p className="muted" data-testid="my-contract-since">
            {t("agentContracts.mine.since", {
              time: formatTimestamp(held.decidedAt ?? held.offeredAt, timeZone),
              grantor: grantor(held),
            })}
          </p>
          <p>
            <Link
              to={confirmHref}
              className="button"
              preventScrollReset
              data-testid="contract-terminate"
            >
              {t("agentContracts.mine.terminate")}
            </Link>
          </p>
        </>
      ) : (
        <p className="empty-state" data-testid="my-contract-none">
          {t("agentContracts.mine.none")}
        </p>
      )}
    </section>
  );
}

/** A waiting offer ("new contract request"): its terms, from whom, and Accept / Reject. */
export function ContractRequest({
  offer,
  currency,
  timeZone,
}: {
  offer: ContractViewData;
  currency: Currency;
  timeZone: string;
}) {
  const { t } = useTranslation();
  const grantor = useGrantor();
  return (
    <section
      className="member-card contract-request"
      aria-labelledby="contract-request-title"
      data-testid="contract-request"
    >
      <h2 id="contract-request-title">{t("agentContracts.request.title")}</h2>
      <p className="muted">
        {t("agentContracts.request.from", {
          grantor: grantor(offer),
          time: formatTimestamp(offer.offeredAt, timeZone),
        })}
      </p>
      <ContractTerms
        kind={offer.kind}
        period={offer.period}
        terms={offer.terms}
        currency={currency}
      />
      <div className="contract-actions">
        <Form method="post" className="inline-form">
          <input type="hidden" name="contractId" value={offer.id} />
          <button
            type="submit"
            name="intent"
            value="accept"
            className="button primary"
            data-testid="contract-accept"
          >
            {t("agentContracts.request.accept")}
          </button>
        </Form>
        <Form method="post" className="inline-form">
          <input type="hidden" name="contractId" value={offer.id} />
          <button
            type="submit"
            name="intent"
            value="reject"
            className="button"
            data-testid="contract-reject"
          >
            {t("agentContracts.request.reject")}
          </button>
        </Form>
      </div>
    </section>
  );
}
