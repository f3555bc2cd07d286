import { Pager, useSamePageHref } from "~/components/ui/pager";
import { formatTimestamp } from "~/platform/calendar/datetime";
import { useTranslation } from "~/utils/i18n";

/** A sign-in or an attempt, as JSON. */
export interface PlayerSignInView {
  at: string;
  event: string;
  ip: string | null;
  userAgent: string | null;
  site: string | null;
}

/** Sign-ins and attempts, newest first: when, what came of it, the site, the IP and the device. */
export function SignInsPanel({
  signIns,
  page,
  pageCount,
  timeZone,
}: {
  signIns: PlayerSignInView[];
  page: number;
  pageCount: number;
  timeZone: string;
}) {
  const { t } = useTranslation();
  const pageHref = useSamePageHref();
  return (
    <>
      <h2>{t("opsPlayers.tabs.sign-ins")}</h2>
      {signIns.length === 0 ? (
        <p className="empty-state" data-testid="ops-player-sign-ins-none">
          {t("opsPlayers.signIns.none")}
        </p>
      ) : (
        <div className="table-scroll">
          <table className="data-table" data-testid="ops-player-sign-ins">
            <thead>
              <tr>
                <th scope="col">{t("opsAudit.columns.at")}</th>
                <th scope="col">{t("opsAudit.columns.event")}</th>
                <th scope="col">{t("opsPlayers.signIns.site")}</th>
                <th scope="col">{t("opsAudit.csv.ip")}</th>
                <th scope="col">{t("opsPlayers.signIns.device")}</th>
              </tr>
            </thead>
            <tbody>
              {signIns.map((signIn, index) => (
                <tr key={`${signIn.at}-${index}`} data-testid="ops-player-sign-in">
                  <td>{formatTimestamp(signIn.at, timeZone)}</td>
                  <td>{t(`opsAudit.events.${signIn.event}`, { defaultValue: signIn.event })}</td>
                  <td>
                    {signIn.site
                      ? t(`opsPlayers.sites.${signIn.site}`, { defaultValue: signIn.site })
                      : "—"}
                  </td>
                  <td dir="ltr">{signIn.ip ?? "—"}</td>
                  <td dir="ltr" className="muted">
                    {signIn.userAgent ?? "—"}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager pageNum={page} totalPages={pageCount} pageHref={pageHref} />
    </>
  );
}
