import { useTranslation } from "~/utils/i18n";
import { SecurityCard } from "./section";
import {
  AuthenticatorPanel,
  type AuthenticatorAnswer,
  type AuthenticatorState,
} from "../../identity/authenticator-panel";

/** Authenticator codes (ADR 34): optional for members, turned on and off here. */
export function AuthenticatorSection({
  state,
  answer,
}: {
  state: AuthenticatorState;
  answer?: AuthenticatorAnswer;
}) {
  const { t } = useTranslation();
  return (
    <SecurityCard id="authenticator" title={t("authenticator.title")}>
      <AuthenticatorPanel
        state={state}
        answer={answer}
        action="/member/security#authenticator"
        doneHref="/member/security?done=authenticator#authenticator"
      />
    </SecurityCard>
  );
}
