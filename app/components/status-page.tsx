import { useTranslation } from "~/utils/i18n";
import { CustomerServiceLink, type CustomerServiceEntry } from "./customer-service-link";

/** The maintenance (1) and region-blocked (2) pages: a message and customer service, no other chrome. */
export function StatusPage({
  status,
  ip,
  customerService,
}: {
  status: 1 | 2;
  ip: string | null;
  customerService: CustomerServiceEntry | null;
}) {
  const { t } = useTranslation();
  const prefix = status === 1 ? "status.maintenance" : "status.region";
  return (
    <main className="status-page" data-status={status}>
      <div className="status-card">
        <h1>{t(`${prefix}.title`)}</h1>
        <p>{t(`${prefix}.info`)}</p>
        {status === 2 ? (
          <p className="status-ip">
            {t("status.region.ip")}{" "}
            <strong data-testid="visitor-ip">{ip ?? t("status.region.unknownIp")}</strong>
          </p>
        ) : null}
        {customerService ? (
          <CustomerServiceLink entry={customerService} className="button primary">
            {t("header.customerService")}
          </CustomerServiceLink>
        ) : null}
      </div>
    </main>
  );
}
