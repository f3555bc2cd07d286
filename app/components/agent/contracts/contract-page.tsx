import { Form, Link, useLocation } from "@remix-run/react";
import { Dialog } from "~/components/ui/dialog";
import { useTranslation } from "~/utils/i18n";
import { GrantedContracts } from "./granted-contracts";
import { ContractRequest, MyContract } from "./my-contract";
import { OfferForm } from "./offer-form";
import { SettlementRecords } from "./settlement-records";
import type { ContractPageAnswer, ContractPageData } from "./types";

/** The page's URL with one search parameter set (or removed with null), for URL-state dialogs. */
function withParam(pathname: string, search: string, name: string, value: string | null) {
  const params = new URLSearchParams(search);
  if (value === null) params.delete(name);
  else params.set(name, value);
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/**
 * A contract page of the agent centre (dividends, daily wages, hourly or
 * real-time salary): the route passes its loader's data (which says the kind)
 * and its action's last answer.
 */
export function ContractPage({
  data,
  answer: actionData,
}: {
  data: ContractPageData;
  answer?: ContractPageAnswer;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const {
    title,
    kind,
    held,
    offer,
    granted,
    grantable,
    candidates,
    currency,
    timeZone,
    done,
    confirmTerminate,
  } = data;
  const result = actionData?.result;
  const offerResult = actionData?.intent === "offer" ? result : undefined;
  // A failed accept, reject, terminate or withdraw: said at the top, where the agent looks after the post.
  const decisionErrors =
    actionData && actionData.intent !== "offer"
      ? (result?.error?.[""] ?? result?.error?.contractId ?? result?.error?.intent)
      : null;
  const confirmHref = withParam(location.pathname, location.search, "confirm", "terminate");
  const closeHref = withParam(location.pathname, location.search, "confirm", null);
  return (
    <div className="contract-page" data-testid={`contract-page-${kind}`}>
      <h1>{title}</h1>
      {done && !actionData ? (
        <p className="form-success" role="status" data-testid="contract-done">
          {t(`agentContracts.done.${done}`)}
        </p>
      ) : null}
      {decisionErrors?.length ? (
        <div className="form-errors contract-errors" role="alert" data-testid="contract-errors">
          {decisionErrors.map((error) => (
            <p key={error}>{error}</p>
          ))}
        </div>
      ) : null}
      {offer ? <ContractRequest offer={offer} currency={currency} timeZone={timeZone} /> : null}
      <MyContract held={held} currency={currency} timeZone={timeZone} confirmHref={confirmHref} />
      {grantable ? (
        <OfferForm
          key={location.search}
          kind={kind}
          grantable={grantable}
          candidates={candidates}
          result={offerResult}
        />
      ) : null}
      {grantable || granted.length > 0 ? (
        <GrantedContracts granted={granted} currency={currency} timeZone={timeZone} />
      ) : null}
      <SettlementRecords data={data} />
      {confirmTerminate && held ? (
        <Dialog
          title={t("agentContracts.mine.terminateTitle")}
          close={{ href: closeHref }}
          testId="terminate-dialog"
        >
          <p>{t("agentContracts.mine.terminateText")}</p>
          <div className="contract-actions">
            <Form method="post" action={closeHref} className="inline-form">
              <input type="hidden" name="contractId" value={held.id} />
              <button
                type="submit"
                name="intent"
                value="terminate"
                className="button primary"
                data-testid="terminate-confirm"
              >
                {t("agentContracts.mine.terminateConfirm")}
              </button>
            </Form>
            <Link to={closeHref} className="button" preventScrollReset replace>
              {t("agentContracts.cancel")}
            </Link>
          </div>
        </Dialog>
      ) : null}
      {actionData?.confirm ? (
        <Dialog
          title={t("agentContracts.offer.lowerRateTitle")}
          close={{ href: location.pathname + location.search }}
          testId="lower-rate-dialog"
        >
          <p data-testid="lower-rate-message">{actionData.confirm.message}</p>
          <div className="contract-actions">
            <Form method="post" className="inline-form">
              <input type="hidden" name="intent" value="offer" />
              <input type="hidden" name="confirmReplace" value="1" />
              {Object.entries(actionData.confirm.fields).map(([name, value]) => (
                <input key={name} type="hidden" name={name} value={value} />
              ))}
              <button type="submit" className="button primary" data-testid="lower-rate-confirm">
                {t("agentContracts.offer.confirm")}
              </button>
            </Form>
            <Link
              to={location.pathname + location.search}
              className="button"
              preventScrollReset
              replace
            >
              {t("agentContracts.cancel")}
            </Link>
          </div>
        </Dialog>
      ) : null}
    </div>
  );
}
