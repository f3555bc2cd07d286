import { Form, Link } from "@remix-run/react";
import { SelectField } from "~/components/member/withdraw/select-field";
import { formatTimestamp } from "~/platform/calendar/datetime";
import { PROMOTION_STATUSES } from "~/platform/rewards/promotion-types";
import { useTranslation } from "~/utils/i18n";
import type { OpsPromotionView } from "./types";

/** The status filter: a GET form, so it works without JavaScript. */
function StatusFilter({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Form method="get" action="/ops/promotions" className="filters">
      <SelectField name="status" label={t("opsPromotions.filter")} defaultValue={status}>
        {["all", ...PROMOTION_STATUSES].map((value) => (
          <option key={value} value={value}>
            {t(`opsPromotions.status.${value}`)}
          </option>
        ))}
      </SelectField>
      <button type="submit" className="button">
        {t("opsPromotions.show")}
      </button>
    </Form>
  );
}

/** Every promotion of the filter with its terms in short, its counts and links to its form, applications and bonuses. */
export function PromotionList({
  promotions,
  status,
  timeZone,
}: {
  promotions: OpsPromotionView[];
  status: string;
  timeZone: string;
}) {
  const { t } = useTranslation();
  const when = (iso: string | null) => (iso ? formatTimestamp(iso, timeZone) : "—");
  return (
    <>
      <p className="quick-actions">
        <Link className="button primary" to="/ops/promotions/new" data-testid="ops-promotion-new">
          {t("opsPromotions.new")}
        </Link>
        <Link className="button" to="/ops/promotions/applications">
          {t("opsPromotions.applications.title")}
        </Link>
        <Link className="button" to="/ops/promotions/grants">
          {t("opsPromotions.grants.title")}
        </Link>
      </p>
      <StatusFilter status={status} />
      {promotions.length === 0 ? (
        <p className="empty-state">{t("opsPromotions.empty")}</p>
      ) : (
        <div className="table-scroll">
          <table className="data-table" data-testid="ops-promotions">
            <thead>
              <tr>
                {(
                  [
                    "code",
                    "title",
                    "category",
                    "kind",
                    "claimMode",
                    "schedule",
                    "status",
                    "counts",
                    "actions",
                  ] as const
                ).map((column) => (
                  <th scope="col" key={column}>
                    {t(`opsPromotions.columns.${column}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {promotions.map((row) => (
                <tr key={row.id} data-testid="ops-promotion-row" data-code={row.code}>
                  <th scope="row" dir="ltr">
                    {row.code}
                  </th>
                  <td>{row.title}</td>
                  <td>{t(`promotions.category.${row.category}`)}</td>
                  <td>
                    {t(`rewards.kinds.${row.kind}`, {
                      defaultValue: t(`opsReferrals.kinds.${row.kind}`),
                    })}
                  </td>
                  <td>{t(`opsPromotions.claimMode.${row.claimMode}`)}</td>
                  <td>
                    {row.showsFrom ? (
                      <div className="muted">
                        {t("opsPromotions.showsFrom", { time: when(row.showsFrom) })}
                      </div>
                    ) : null}
                    {t("promotions.period", { from: when(row.startsAt), to: when(row.endsAt) })}
                  </td>
                  <td data-testid="ops-promotion-status">
                    {t(`opsPromotions.status.${row.status}`)}
                  </td>
                  <td>
                    {t("opsPromotions.counts", {
                      entries: row.entries,
                      applying: row.applying,
                      wagering: row.wagering,
                    })}
                  </td>
                  <td>
                    <ul className="plain-list">
                      <li>
                        <Link to={`/ops/promotions/${row.id}`}>
                          {t("opsPromotions.edit", { code: row.code })}
                        </Link>
                      </li>
                      {row.claimMode === "apply" ? (
                        <li>
                          <Link to="/ops/promotions/applications">
                            {t("opsPromotions.applications.link", { waiting: row.applying })}
                          </Link>
                        </li>
                      ) : null}
                      <li>
                        <Link to={`/ops/promotions/grants?promotion=${row.id}`}>
                          {t("opsPromotions.grants.link")}
                        </Link>
                      </li>
                    </ul>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
