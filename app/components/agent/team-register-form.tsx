import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useId, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { enteredValue, Field, FormErrors } from "~/components/forms/field";
import { useTranslation } from "~/utils/i18n";

export interface RegisterFormHints {
  username: string;
  password: string;
  /** The agent's own rate, "50.00 %": the highest a sub-agent may get. */
  ownRate: string;
}

/**
 * Register account: a member or an agent directly under the signed-in
 * agent. The rate only matters for an agent: once JavaScript runs it is
 * hidden while "member" is chosen; without JavaScript it is always there,
 * with a hint, and the server ignores it for a member.
 */
export function TeamRegisterForm({
  hints,
  result,
}: {
  hints: RegisterFormHints;
  result?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation();
  const errors = result?.error ?? {};
  const [kind, setKind] = useState(enteredValue(result, "kind") === "agent" ? "agent" : "member");
  const hydrated = useHydrated();
  const kindErrorId = useId();
  const kindError = errors.kind?.[0];
  return (
    <Form method="post" className="stack-form" noValidate data-testid="team-register-form">
      <fieldset aria-describedby={kindErrorId}>
        <legend>{t("agentTeam.register.kind")}</legend>
        <div className="team-kind-choice">
          {(["member", "agent"] as const).map((value) => (
            <label key={value} className="checkbox">
              <input
                type="radio"
                name="kind"
                value={value}
                defaultChecked={kind === value}
                onChange={() => setKind(value)}
                data-testid={`register-kind-${value}`}
              />
              {t(
                value === "agent"
                  ? "agentTeam.register.kindAgent"
                  : "agentTeam.register.kindMember",
              )}
            </label>
          ))}
        </div>
        <div id={kindErrorId} className="field-error" role={kindError ? "alert" : undefined}>
          {kindError ?? ""}
        </div>
      </fieldset>
      <Field
        name="username"
        label={t("agentTeam.register.username")}
        autoComplete="off"
        hint={hints.username}
        defaultValue={enteredValue(result, "username")}
        errors={errors.username}
        required
      />
      <Field
        name="password"
        type="password"
        label={t("agentTeam.register.password")}
        autoComplete="new-password"
        hint={hints.password}
        errors={errors.password}
        required
      />
      <Field
        name="confirmPassword"
        type="password"
        label={t("agentTeam.register.confirmPassword")}
        autoComplete="new-password"
        errors={errors.confirmPassword}
        required
      />
      <Field
        name="nickname"
        label={t("agentTeam.register.nickname")}
        autoComplete="off"
        defaultValue={enteredValue(result, "nickname")}
        errors={errors.nickname}
      />
      <div hidden={hydrated && kind !== "agent"} data-testid="register-rate">
        <Field
          name="rate"
          label={t("agentTeam.register.rate")}
          inputMode="decimal"
          autoComplete="off"
          hint={t("agentTeam.register.rateHint", { rate: hints.ownRate })}
          defaultValue={enteredValue(result, "rate")}
          errors={errors.rate}
        />
      </div>
      <FormErrors errors={errors[""]} />
      <button type="submit" className="button primary">
        {t("agentTeam.register.submit")}
      </button>
    </Form>
  );
}
