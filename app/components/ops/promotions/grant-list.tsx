import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useId } from "react";
import { SelectField } from "~/components/member/withdraw/select-field";
import { useStaffCan } from "~/components/ops/use-staff-can";
import { Pager } from "~/components/ui/pager";
import { formatTimestamp } from "~/platform/calendar/datetime";
import { GRANT_STATUSES } from "~/platform/rewards/promotion-types";
import { useTranslation } from "~/utils/i18n";
import { formatMoney } from "~/utils/money";
import { GrantTurnover } from "./grant-turnover";
import type { Currency, OpsGrantView } from "./types";

/** Where the operator is in the list (filters and page): links and forms keep it. */
export interface GrantsPlace {
  status: string | null;
  promotion: string | null;
  page: number;
}

/** The list's address with its filters, page and what was just done. */
export function grantsHref(place: GrantsPlace, done?: "forfeit") {
  const params = new URLSearchParams();
  if (place.status) params.set("status", place.status);
  if (place.promotion) params.set("promotion", place.promotion);
  if (place.page > 1) params.set("page", String(place.page));
  if (done) params.set("done", done);
  const query = params.toString();
  return query ? `/ops/promotions/grants?${query}` : "/ops/promotions/grants";
}

/** The filters: a GET form, so it works without JavaScript. */
export function GrantFilters({
  place,
  promotions,
}: {
  place: GrantsPlace;
  promotions: { id: string; code: string }[];
}) {
  const { t } = useTranslation();
  return (
    <Form method="get" action="/ops/promotions/grants" className="filters">
      <SelectField
        name="status"
        label={t("opsPromotions.grants.statusFilter")}
        defaultValue={place.status ?? ""}
      >
        <option value="">{t("opsPromotions.status.all")}</option>
        {GRANT_STATUSES.map((status) => (
          <option key={status} value={status}>
            {t(`rewards.grantStatus.${status}`)}
          </option>
        ))}
      </SelectField>
      <SelectField
        name="promotion"
        label={t("opsPromotions.grants.promotionFilter")}
        defaultValue={place.promotion ?? ""}
      >
        <option value="">{t("opsPromotions.status.all")}</option>
        {promotions.map((promotion) => (
          <option key={promotion.id} value={promotion.id}>
            {promotion.code}
          </option>
        ))}
      </SelectField>
      <button type="submit" className="button">
        {t("opsPromotions.show")}
      </button>
    </Form>
  );
}

/** Forfeit a bonus being wagered: the box must be ticked in the same post (a confirmation without JavaScript). */
function ForfeitForm({
  grant,
  place,
  error,
}: {
  grant: OpsGrantView;
  place: GrantsPlace;
  error?: string;
}) {
  const can = useStaffCan("promotions.review");
  const { t } = useTranslation();
  const id = useId();
  // Offered only to a role that may use it (the action checks again).
  if (!can) return null;
  return (
    <Form method="post" action={grantsHref(place)} className="stack-form ops-action">
      <input type="hidden" name="intent" value="forfeit" />
      <input type="hidden" name="grantId" value={grant.id} />
      <input type="hidden" name="status" value={place.status ?? ""} />
      <input type="hidden" name="promotion" value={place.promotion ?? ""} />
      <input type="hidden" name="page" value={place.page} />
      <label className="checkbox" htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          name="confirm"
          aria-describedby={`${id}-error`}
          aria-invalid={error ? true : undefined}
        />
        {t("opsPromotions.grants.confirm", { account: grant.account })}
      </label>
      <div id={`${id}-error`} className="field-error" role={error ? "alert" : undefined}>
        {error ?? ""}
      </div>
      <button type="submit" className="button small" data-testid="ops-grant-forfeit">
        {t("opsPromotions.grants.forfeit")}
      </button>
    </Form>
  );
}

/** The issued bonuses of the filters and page, with their turnover progress. */
export function GrantList({
  grants,
  place,
  pageCount,
  currency,
  timeZone,
  failed,
}: {
  grants: OpsGrantView[];
  place: GrantsPlace;
  pageCount: number;
  currency: Currency;
  timeZone: string;
  failed?: { grantId: string; result: SubmissionResult<string[]> };
}) {
  const { t, i18n } = useTranslation();
  const money = (minor: string) => formatMoney(minor, currency, i18n.language);
  if (grants.length === 0) return <p className="empty-state">{t("opsPromotions.grants.empty")}</p>;
  return (
    <>
      <div className="table-scroll">
        <table className="data-table ops-queue" data-testid="ops-grants">
          <thead>
            <tr>
              {(
                [
                  "issued",
                  "member",
                  "promotion",
                  "amount",
                  "turnover",
                  "status",
                  "actions",
                ] as const
              ).map((column) => (
                <th scope="col" key={column}>
                  {t(`opsPromotions.grants.columns.${column}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {grants.map((grant) => {
              const errors = failed?.grantId === grant.id ? (failed.result.error ?? {}) : {};
              return (
                <tr
                  key={grant.id}
                  data-testid="ops-grant"
                  data-account={grant.account}
                  data-status={grant.status}
                >
                  <td>
                    {formatTimestamp(grant.issuedAt, timeZone)}
                    {grant.expiresAt ? (
                      <div className="muted">
                        {t("opsPromotions.grants.expires", {
                          time: formatTimestamp(grant.expiresAt, timeZone),
                        })}
                      </div>
                    ) : null}
                  </td>
                  <td>{grant.account}</td>
                  <td dir="ltr">{grant.promotionCode}</td>
                  <td className="amount">{money(grant.amount)}</td>
                  <td>
                    <GrantTurnover grant={grant} currency={currency} />
                  </td>
                  <td data-testid="ops-grant-status">{t(`rewards.grantStatus.${grant.status}`)}</td>
                  <td>
                    {grant.status === "wagering" ? (
                      <ForfeitForm
                        grant={grant}
                        place={place}
                        error={errors.confirm?.[0] ?? errors[""]?.[0]}
                      />
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <Pager
        pageNum={place.page}
        totalPages={pageCount}
        pageHref={(page) => grantsHref({ ...place, page })}
      />
    </>
  );
}
