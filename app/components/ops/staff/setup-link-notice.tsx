import { useId } from "react";
import { useTranslation } from "~/utils/i18n";

/** A new one-time setup link, shown this once: the admin copies it and hands it to the staff member. */
export function SetupLinkNotice({
  account,
  url,
  expiresAt,
  heading,
}: {
  account: string;
  url: string;
  expiresAt: string;
  heading: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="form-success" role="status" data-testid="ops-staff-setup-link">
      <p>
        <strong>{heading}</strong>
      </p>
      <label htmlFor={id}>{t("staffOps.link.label", { account })}</label>
      <input
        id={id}
        type="text"
        readOnly
        value={url}
        dir="ltr"
        className="setup-link"
        data-testid="ops-staff-setup-url"
        onFocus={(event) => event.currentTarget.select()}
      />
      <p className="field-hint">{t("staffOps.link.hint", { expiresAt })}</p>
    </div>
  );
}
