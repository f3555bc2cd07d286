import { Link } from "@remix-run/react";
import { HoneypotField } from "~/components/forms/honeypot-field";
import { StaffForm } from "~/components/ops/staff-form";
import { useTranslation } from "~/utils/i18n";
import type { OpsMissionData } from "./types";

/** Every mission with its terms, a link to edit it and the enable / disable form. */
export function OpsMissionList({ missions }: { missions: OpsMissionData[] }) {
  const { t } = useTranslation();
  if (missions.length === 0) return <p className="empty-state">{t("opsMissions.empty")}</p>;
  return (
    <div className="table-scroll">
      <table className="data-table" data-testid="ops-mission-list">
        <thead>
          <tr>
            <th scope="col">{t("opsMissions.field.code")}</th>
            <th scope="col">{t("opsMissions.field.nameEn")}</th>
            <th scope="col">{t("opsMissions.field.period")}</th>
            <th scope="col">{t("opsMissions.field.condition")}</th>
            <th scope="col">{t("opsMissions.field.target")}</th>
            <th scope="col">{t("opsMissions.field.rewardAmount")}</th>
            <th scope="col">{t("opsMissions.field.missionPoints")}</th>
            <th scope="col">{t("opsMissions.status")}</th>
            <th scope="col">{t("opsMissions.actions")}</th>
          </tr>
        </thead>
        <tbody>
          {missions.map((mission) => (
            <tr key={mission.id} data-testid="ops-mission-row" data-code={mission.code}>
              <td>{mission.code}</td>
              <td>{mission.nameEn}</td>
              <td>{t(`missions.period.${mission.period}`)}</td>
              <td>
                {t(`opsMissions.condition.${mission.condition}`)}
                {mission.category ? ` · ${t(`category.${mission.category}`)}` : ""}
              </td>
              <td>{mission.target}</td>
              <td>
                {t(`opsMissions.rewardKind.${mission.rewardKind}`)} {mission.rewardAmount}
              </td>
              <td>{mission.missionPoints}</td>
              <td data-testid="ops-mission-status">
                {mission.enabled ? t("opsMissions.enabled") : t("opsMissions.disabled")}
              </td>
              <td>
                <Link
                  to={`/ops/missions?edit=${mission.id}`}
                  aria-label={t("opsMissions.editOne", { code: mission.code })}
                >
                  {t("opsMissions.edit")}
                </Link>{" "}
                <StaffForm permission="missions.manage" className="inline-form">
                  <HoneypotField />
                  <input type="hidden" name="missionId" value={mission.id} />
                  <button
                    type="submit"
                    name="intent"
                    value={mission.enabled ? "disable" : "enable"}
                    className="button small"
                    aria-label={t(
                      mission.enabled ? "opsMissions.disableOne" : "opsMissions.enableOne",
                      {
                        code: mission.code,
                      },
                    )}
                  >
                    {mission.enabled ? t("opsMissions.disable") : t("opsMissions.enable")}
                  </button>
                </StaffForm>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
