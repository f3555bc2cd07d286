import { useTranslation } from "~/utils/i18n";
import { Field } from "../forms/field";

/**
 * Shown after a failed login with the captcha flag. The image is the
 * platform's base64 PNG; "another one" is a submit button (intent=captcha),
 * so it works without JavaScript too; the server hands out at most one a second.
 */
export function CaptchaField({
  captcha,
  errors,
}: {
  captcha: { id: string; image: string };
  errors?: string[] | null;
}) {
  const { t } = useTranslation();
  return (
    <div className="captcha-row" data-testid="captcha">
      <input type="hidden" name="captchaId" value={captcha.id} />
      <Field
        name="captcha"
        label={t("login.captcha")}
        errors={errors}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={8}
        required
      />
      <img
        src={captcha.image}
        alt={t("login.captchaImage")}
        width={150}
        height={50}
        className="captcha-image"
      />
      <button
        type="submit"
        name="intent"
        value="captcha"
        formNoValidate
        className="button ghost small"
      >
        {t("login.captchaRefresh")}
      </button>
    </div>
  );
}
