import { ChangePasswordForm } from "~/components/identity/change-password-form";
import { useTranslation } from "~/utils/i18n";
import { SecurityCard, type SectionAnswer } from "./section";

/** Change password: the old one, then the new one twice; other devices are signed out. */
export function LoginPasswordSection({
  answer,
  hint,
  done,
}: {
  answer?: SectionAnswer;
  hint: string;
  done: boolean;
}) {
  const { t } = useTranslation();
  return (
    <SecurityCard
      id="login-password"
      title={t("security.loginPassword")}
      done={done}
      doneText={t("security.changed")}
    >
      <p className="muted">{t("security.loginPasswordNote")}</p>
      <ChangePasswordForm
        result={answer?.result}
        passwordHint={hint}
        action="/member/security#login-password"
      />
    </SecurityCard>
  );
}
