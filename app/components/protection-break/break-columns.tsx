import { useTranslation } from "~/utils/i18n";

/** A breaks table's column heads: the member's own history and the staff's player page list alike. */
export function BreakColumns() {
  const { t } = useTranslation();
  return (
    <>
      <th scope="col">{t("protectionBreak.state.kind")}</th>
      <th scope="col">{t("protectionBreak.state.from")}</th>
      <th scope="col">{t("protectionBreak.state.until")}</th>
      <th scope="col">{t("protectionBreak.state.by")}</th>
      <th scope="col">{t("protectionBreak.state.reopen")}</th>
    </>
  );
}
