import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import * as z from "zod/v4";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Field, FormErrors, formReply } from "~/components/forms/field";
import { PlatformError } from "~/platform/errors";
import {
  completeOperatorSetup,
  isOperatorSetupTokenValid,
  OPERATOR_ACCOUNT_PATTERN,
} from "~/platform/identity/operator-setup.server";
import { completeStaffSetup, staffSetupAccount } from "~/platform/identity/staff-accounts.server";
import { getDb } from "~/platform/start.server";
import { fieldRuleMessage } from "~/platform/system/field-rules.server";
import { getBrandConfig } from "~/platform/system/settings.server";
import { auditContext } from "~/utils/auth.server";
import { formFailure, parseSubmission, readForm } from "~/utils/form.server";
import { useTranslation } from "~/utils/i18n";
import { translatorFor } from "~/utils/i18next.server";
import {
  confirmedPassword,
  fieldRule,
  newPasswordField,
  requiredText,
} from "~/utils/identity-schemas.server";
import { SECRET_FIELDS } from "~/utils/identity.server";
import { titleMeta } from "~/utils/meta";

export const meta = titleMeta<typeof loader>();

/**
 * /ops/setup?setup=…: the first operator of an empty brand, through the
 * one-time link a production start prints while the brand has no operator;
 * or a staff account's password, through the link an admin was shown when
 * creating or re-enrolling it (ADR 44). Outside the back office's layout (no
 * one is signed in yet). The token is checked on every load; a used, expired
 * or voided one shows why, never the form.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const db = await getDb();
  const [brand, t] = await Promise.all([getBrandConfig(db), translatorFor(request)]);
  const token = url.searchParams.get("setup") ?? "";
  const done = url.searchParams.has("done");
  const [staffAccount, firstOperator] = done
    ? [null, false]
    : await Promise.all([staffSetupAccount(db, token), isOperatorSetupTokenValid(db, token)]);
  const state = done ? "done" : staffAccount ? "staff" : firstOperator ? "form" : "invalid";
  const staffDone = url.searchParams.get("done") === "staff";
  return json({
    title: t(staffAccount || staffDone ? "staffOps.setup.title" : "opsSetup.title"),
    brandName: brand.name,
    state: state as "done" | "staff" | "form" | "invalid",
    account: staffAccount,
    doneMessage: staffDone ? "staffOps.setup.done" : "opsSetup.done",
    passwordHint: fieldRuleMessage(fieldRule(brand, "password")!, t),
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const db = await getDb();
  const [brand, t] = await Promise.all([getBrandConfig(db), translatorFor(request)]);
  const usernameMessage = t("opsSetup.usernameRule");
  const token = formData.get("token");
  // A staff account's link sets its password only: the account is the link's.
  const staffAccount = typeof token === "string" ? await staffSetupAccount(db, token) : null;
  const schema = confirmedPassword(
    {
      token: z.string().max(200),
      username: staffAccount
        ? z.string().optional()
        : requiredText(usernameMessage, 32).pipe(
            z.string().regex(OPERATOR_ACCOUNT_PATTERN, { error: usernameMessage }),
          ),
      password: newPasswordField(brand, t),
      confirmPassword: z.string({ error: t("validation.inconsistentTwice") }),
    },
    { password: "password", confirmation: "confirmPassword" },
    t("validation.inconsistentTwice"),
  );
  const submission = parseSubmission(formData, { schema });
  const hidden = [...SECRET_FIELDS, "token"];
  if (submission.status !== "success") return formFailure(submission.reply({ hideFields: hidden }));
  const { username, password } = submission.value;
  try {
    if (staffAccount)
      await completeStaffSetup(
        db,
        { token: submission.value.token, password },
        auditContext(request),
      );
    else
      await completeOperatorSetup(
        db,
        { token: submission.value.token, account: username ?? "", password },
        auditContext(request),
      );
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    const messages: Record<string, [string, string]> = {
      password_guessable: ["password", t("passwordRule.guessable")],
      password_length: ["password", fieldRuleMessage(fieldRule(brand, "password")!, t)],
      operator_account_invalid: ["username", usernameMessage],
      account_taken: ["username", t("identityError.account_taken")],
    };
    const [field, message] = messages[error.code] ?? [
      "",
      t(staffAccount ? "staffOps.setup.invalid" : "opsSetup.invalid"),
    ];
    return formFailure(
      submission.reply({
        ...(field ? { fieldErrors: { [field]: [message] } } : { formErrors: [message] }),
        hideFields: hidden,
      }),
    );
  }
  return redirect(staffAccount ? "/ops/setup?done=staff" : "/ops/setup?done");
}

export default function OpsSetup() {
  const { title, brandName, state, account, doneMessage, passwordHint } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const { errors, values } = formReply(actionData?.result);
  return (
    <main className="agent-login">
      <div className="agent-card" data-testid="ops-setup">
        <p className="muted">{brandName}</p>
        <h1 id="ops-setup-title">{title}</h1>
        {state === "done" ? (
          <>
            <p role="status" data-testid="ops-setup-done">
              {t(doneMessage)}
            </p>
            <Link to="/ops/login" className="button primary">
              {t("opsSetup.signIn")}
            </Link>
          </>
        ) : state === "invalid" ? (
          <>
            <p role="alert">{t("opsSetup.invalid")}</p>
            <p className="muted">{t("staffOps.setup.invalidHint")}</p>
          </>
        ) : (
          <>
            <p className="muted">
              {state === "staff" ? t("staffOps.setup.intro", { account }) : t("opsSetup.intro")}
            </p>
            <Form method="post" className="stack-form" noValidate aria-labelledby="ops-setup-title">
              <input type="hidden" name="token" value={searchParams.get("setup") ?? ""} />
              {state === "staff" ? (
                // The account is the link's; shown for password managers, not sent as a choice.
                <Field
                  name="account"
                  label={t("opsSetup.username")}
                  autoComplete="username"
                  value={account ?? ""}
                  readOnly
                />
              ) : (
                <Field
                  name="username"
                  label={t("opsSetup.username")}
                  autoComplete="username"
                  defaultValue={values.username}
                  errors={errors.username}
                  hint={t("opsSetup.usernameRule")}
                  required
                />
              )}
              <Field
                name="password"
                type="password"
                label={t("opsSetup.password")}
                autoComplete="new-password"
                errors={errors.password}
                hint={passwordHint}
                required
              />
              <Field
                name="confirmPassword"
                type="password"
                label={t("opsSetup.confirmPassword")}
                autoComplete="new-password"
                errors={errors.confirmPassword}
                required
              />
              <FormErrors errors={errors[""]} />
              <button type="submit" className="button primary" data-testid="ops-setup-submit">
                {t(state === "staff" ? "staffOps.setup.submit" : "opsSetup.submit")}
              </button>
            </Form>
          </>
        )}
      </div>
    </main>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
