import { useTranslation } from "~/utils/i18n";
import { useCountdown } from "../ui/use-countdown";

/** The brand's SMS setting (expiredMinutes) and how long until another code may be asked for. */
export interface CodeSent {
  status: "sent" | "ignored";
  expiredMinutes: number;
  retryAfterSeconds: number;
}

/**
 * The get-code button (SMS countdown): after a code is sent it stays
 * disabled for expiredMinutes × 60 s. It submits its form with `intent`, so it
 * works without JavaScript; with JavaScript the seconds tick down. The server
 * enforces the same countdown, and ignores repeats within a second.
 */
export function SmsCodeButton({ intent, codeSent }: { intent: string; codeSent: CodeSent | null }) {
  const { t } = useTranslation();
  const left = useCountdown(codeSent?.retryAfterSeconds ?? 0, codeSent);
  return (
    <div className="code-button">
      <button
        type="submit"
        name="intent"
        value={intent}
        formNoValidate
        className="button"
        disabled={left > 0}
        data-testid="send-code"
      >
        {left > 0 ? t("sms.resendIn", { seconds: left }) : t("sms.getCode")}
      </button>
      <p className="field-hint" role="status">
        {codeSent?.status === "sent" ? t("sms.sent", { minutes: codeSent.expiredMinutes }) : ""}
      </p>
    </div>
  );
}
