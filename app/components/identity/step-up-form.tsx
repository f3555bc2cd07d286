import { Form } from "@remix-run/react";
import { useTranslation } from "~/utils/i18n";
import { Field, FormErrors } from "../forms/field";
import { Dialog } from "../ui/dialog";

export type StepUpMethodName = "sms" | "email" | "payee_name" | "authenticator";

export interface StepUpFormProps {
  ticket: string;
  methods: StepUpMethodName[];
  method: StepUpMethodName | null;
  errors?: string[] | null;
  codeSent?: boolean;
  action?: string;
}

/**
 * The new-IP step (ADR 37): the password was right but the sign-in comes from
 * an IP and device this account has not used; one of the member's methods
 * must pass before any session exists. Every button submits the form to the
 * login's own page, so it works without JavaScript.
 */
export function StepUpForm({ ticket, methods, method, errors, codeSent, action }: StepUpFormProps) {
  const { t } = useTranslation();
  return (
    <Form
      method="post"
      action={action}
      className="stack-form"
      noValidate
      data-testid="step-up-form"
    >
      <p className="form-note">{t("stepUp.intro")}</p>
      <input type="hidden" name="ticket" value={ticket} />
      {method ? (
        <>
          {/* The default button: Enter in a field confirms, never re-sends the code. */}
          <button type="submit" name="intent" value="step-up" hidden tabIndex={-1} aria-hidden />
          <input type="hidden" name="method" value={method} />
          {codeSent ? <input type="hidden" name="codeSent" value="1" /> : null}
          <h3 className="step-up-method">{t(`stepUp.methods.${method}`)}</h3>
          {method === "sms" || method === "email" ? (
            <>
              <div className="code-button">
                <button
                  type="submit"
                  name="intent"
                  value="step-up-send"
                  formNoValidate
                  className="button"
                  data-testid="step-up-send"
                >
                  {codeSent ? t("stepUp.resend") : t("stepUp.send")}
                </button>
                <p className="field-hint" role="status" data-testid="step-up-sent">
                  {codeSent ? t(`stepUp.sent.${method}`) : ""}
                </p>
              </div>
              <Field
                name="stepUpCode"
                label={t("stepUp.code")}
                autoComplete="one-time-code"
                inputMode="numeric"
                maxLength={12}
                errors={errors}
              />
            </>
          ) : method === "payee_name" ? (
            <Field
              name="holderName"
              label={t("stepUp.holderName")}
              hint={t("stepUp.holderNameHint")}
              autoComplete="off"
              maxLength={100}
              errors={errors}
            />
          ) : (
            <Field
              name="stepUpCode"
              label={t("stepUp.authenticatorCode")}
              autoComplete="one-time-code"
              inputMode="text"
              maxLength={32}
              errors={errors}
            />
          )}
          <button
            type="submit"
            name="intent"
            value="step-up"
            className="button primary"
            data-testid="step-up-submit"
          >
            {t("stepUp.submit")}
          </button>
          {methods.length > 1 ? (
            <button
              type="submit"
              name="intent"
              value="step-up-back"
              formNoValidate
              className="button link"
              data-testid="step-up-other"
            >
              {t("stepUp.other")}
            </button>
          ) : null}
        </>
      ) : (
        <>
          <FormErrors errors={errors} />
          <p>{t("stepUp.choose")}</p>
          <div className="stack-form" role="group" aria-label={t("stepUp.choose")}>
            {methods.map((choice) => (
              <button
                key={choice}
                type="submit"
                name="method"
                value={choice}
                formNoValidate
                className="button"
                data-testid={`step-up-method-${choice}`}
              >
                {t(`stepUp.methods.${choice}`)}
              </button>
            ))}
          </div>
          <input type="hidden" name="intent" value="step-up-choose" />
        </>
      )}
    </Form>
  );
}

export function StepUpDialog({ closeHref, ...props }: StepUpFormProps & { closeHref: string }) {
  const { t } = useTranslation();
  return (
    <Dialog title={t("stepUp.title")} close={{ href: closeHref }} testId="step-up-dialog">
      <StepUpForm {...props} />
    </Dialog>
  );
}
