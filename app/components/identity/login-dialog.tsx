import type { SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "~/utils/i18n";
import { withSearchParam } from "~/utils/misc";
import { CaptchaField } from "./captcha-field";
import type { CountryOption } from "./country-select";
import { PhoneCodeFields } from "./phone-fields";
import type { CodeSent } from "./sms-code-button";
import { Field, FormErrors, formReply } from "../forms/field";
import { Dialog } from "../ui/dialog";

export interface LoginDialogProps {
  by: "password" | "sms";
  smsLogin: boolean;
  freePlay: boolean;
  redirectTo: string | null;
  countries: CountryOption[];
  captcha?: { id: string; image: string } | null;
  codeSent?: CodeSent | null;
  result?: SubmissionResult<string[]> | null;
  freePlayError?: string | null;
  /** A reset link that has expired or was used: say so above the login form. */
  expired?: boolean;
  /** Issue 17: an ended self-exclusion; signing in again with this ticked asks to reopen. */
  reopenOffer?: boolean;
  /** Issue 17: the platform ended the last session (e.g. its time limit); say why. */
  ended?: { reason: string; minutes: number | null } | null;
}

/**
 * The login dialog: username or SMS tab (SMS only when SMS login is on),
 * captcha after a failed login that asks for it, remember me, forgot password,
 * free play. Tabs are links and every button submits, so it all works without JS.
 */
export function LoginDialog(props: LoginDialogProps) {
  const { t } = useTranslation();
  const { by, result, captcha } = props;
  const { errors, values } = formReply(result);
  const tabHref = (tab: string) => {
    const base = props.redirectTo
      ? withSearchParam("/login", "redirectTo", props.redirectTo)
      : "/login";
    return tab === "sms" ? withSearchParam(base, "by", "sms") : base;
  };
  return (
    <Dialog title={t("login.title")} close={{ href: "/" }} testId="login-dialog">
      {props.smsLogin ? (
        <nav className="dialog-tabs" aria-label={t("login.methods")}>
          <Link
            to={tabHref("password")}
            replace
            preventScrollReset
            aria-current={by === "password" ? "page" : undefined}
          >
            {t("login.byUsername")}
          </Link>
          <Link
            to={tabHref("sms")}
            replace
            preventScrollReset
            aria-current={by === "sms" ? "page" : undefined}
          >
            {t("login.bySms")}
          </Link>
        </nav>
      ) : null}
      {props.ended ? (
        <p className="form-success" role="status" data-testid="login-ended">
          {t(
            props.ended.minutes
              ? `protectionOps.ended.${props.ended.reason}_minutes`
              : `protectionOps.ended.${props.ended.reason}`,
            { minutes: props.ended.minutes },
          )}
        </p>
      ) : null}
      {props.expired ? (
        <p className="form-errors" role="alert">
          {t("identityError.password_change_expired")}
        </p>
      ) : null}
      <Form method="post" className="stack-form" noValidate>
        <input type="hidden" name="by" value={by} />
        {props.redirectTo ? (
          <input type="hidden" name="redirectTo" value={props.redirectTo} />
        ) : null}
        {by === "password" ? (
          <>
            <Field
              name="username"
              label={t("login.username")}
              autoComplete="username"
              defaultValue={values.username}
              errors={errors.username}
              required
            />
            <Field
              name="password"
              type="password"
              label={t("login.password")}
              autoComplete="current-password"
              errors={errors.password}
              required
            />
          </>
        ) : (
          <>
            <PhoneCodeFields
              countries={props.countries}
              errors={errors}
              values={values}
              codeIntent="sms-code"
              codeSent={props.codeSent ?? null}
            />
          </>
        )}
        {captcha ? <CaptchaField captcha={captcha} errors={errors.captcha} /> : null}
        <label className="checkbox">
          <input type="checkbox" name="remember" defaultChecked={values.remember === "on"} />
          <span>{t("login.remember")}</span>
        </label>
        {props.reopenOffer ? (
          <label className="checkbox">
            <input type="checkbox" name="reopen" value="on" />
            <span>{t("protectionBreak.login.reopenCheckbox")}</span>
          </label>
        ) : null}
        <FormErrors errors={errors[""]} />
        <button type="submit" name="intent" value="login" className="button primary">
          {t("login.submit")}
        </button>
      </Form>
      <p className="form-links">
        <Link to="/login?modal=forgot" replace>
          {t("login.forgot")}
        </Link>
        <Link to="/register">{t("login.noAccount")}</Link>
      </p>
      <p className="muted" data-testid="login-limit-offer">
        {t("protectionOps.login.offer")}{" "}
        <Link to="/member/protection/limits">{t("protectionOps.login.offerLink")}</Link>
      </p>
      {props.freePlay ? (
        <Form method="post" className="free-play">
          <input type="hidden" name="intent" value="free-play" />
          <button type="submit" className="button ghost" data-testid="free-play">
            {t("login.freePlay")}
          </button>
          <FormErrors errors={props.freePlayError ? [props.freePlayError] : null} />
        </Form>
      ) : null}
    </Dialog>
  );
}
