import type { SubmissionResult } from "@conform-to/react";
import {
  json,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type TypedResponse,
} from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import * as z from "zod/v4";
import { TeamRegisterForm } from "~/components/agent/team-register-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import type { TFunction } from "~/i18n";
import { registerDownline } from "~/platform/agency/registration.server";
import type { Database } from "~/platform/db/open.server";
import { PlatformError } from "~/platform/errors";
import { findMemberById } from "~/platform/identity/members.server";
import type { BrandConfig } from "~/platform/system/brand-config.server";
import { fieldRuleMessage } from "~/platform/system/field-rules.server";
import { agentContext } from "~/utils/agency.server";
import { auditContext } from "~/utils/auth.server";
import { readForm, parseSubmission, formFailure } from "~/utils/form.server";
import { useTranslation } from "~/utils/i18n";
import {
  fieldRule,
  newPasswordField,
  requiredSecret,
  ruledField,
} from "~/utils/identity-schemas.server";
import { identityErrorMessage, SECRET_FIELDS } from "~/utils/identity.server";
import { titleMeta } from "~/utils/meta";
import { formatRate, parseRateInput } from "~/utils/rates";

export const meta = titleMeta<typeof loader>();

/** The agent's own rate as stored now (basis points; none counts as 0: nothing to hand down). */
async function ownRate(db: Database, agentId: string) {
  return (await findMemberById(db, agentId))?.agent_rate ?? 0;
}

/** /agentHome/register: a member or a sub-agent created directly under the signed-in agent. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { db, agentId, brand, t } = await agentContext(request);
  return json({
    title: t("agentTeam.register.title"),
    brandName: brand.name,
    hints: {
      username: fieldRuleMessage(fieldRule(brand, "username")!, t),
      password: fieldRuleMessage(fieldRule(brand, "password")!, t),
      ownRate: formatRate(await ownRate(db, agentId)),
    },
  });
}

const text = (formData: FormData, name: string) => {
  const value = formData.get(name);
  return typeof value === "string" ? value : "";
};

/**
 * Username and password under the brand's field rules, as the portal's
 * registration checks them; the rate only when an agent is registered.
 */
function registerSchema(brand: BrandConfig, t: TFunction, formData: FormData) {
  const common = {
    username: ruledField(brand, "username", t),
    password: newPasswordField(brand, t),
    confirmPassword: requiredSecret(t("validation.required")).refine(
      (value) => value === text(formData, "password"),
      {
        error: t("validation.inconsistentTwice"),
      },
    ),
    nickname: z
      .string()
      .trim()
      .max(32, { error: t("agentTeam.error.nickname") })
      .optional(),
  };
  // An agent also gets a rebate rate; a member has none.
  const rate = z
    .string({ error: t("agentTeam.error.invalid_rate") })
    .transform(
      (value, ctx) =>
        parseRateInput(value) ??
        (ctx.addIssue({ code: "custom", message: t("agentTeam.error.invalid_rate") }), z.NEVER),
    );
  return z.discriminatedUnion(
    "kind",
    [
      z.object({ kind: z.literal("member"), ...common }),
      z.object({ kind: z.literal("agent"), ...common, rate }),
    ],
    { error: t("agentTeam.error.kind") },
  );
}

/** Which field a platform failure belongs to; the rest are about the whole form. */
const FIELD_OF_ERROR: Record<string, string> = {
  account_taken: "username",
  agent_rate_above_own: "rate",
  invalid_rate: "rate",
};

function errorMessage(error: unknown, t: TFunction): string {
  if (error instanceof PlatformError && error.code === "agent_rate_above_own") {
    return t("agentTeam.error.agent_rate_above_own", {
      rate: formatRate(Number(error.details.rate ?? 0)),
    });
  }
  if (error instanceof PlatformError && error.code === "invalid_rate")
    return t("agentTeam.error.invalid_rate");
  return identityErrorMessage(error, t);
}

/** What a refused registration answers; a done one redirects to the team. */
type RegisterDownlineReply = { result: SubmissionResult<string[]> };

export async function action({
  request,
}: ActionFunctionArgs): Promise<TypedResponse<RegisterDownlineReply>> {
  const formData = await readForm(request);
  const { db, agentId, brand, t } = await agentContext(request);
  const submission = parseSubmission(formData, { schema: registerSchema(brand, t, formData) });
  if (submission.status !== "success")
    return formFailure(submission.reply({ hideFields: SECRET_FIELDS }));
  const value = submission.value;
  try {
    // The upline is the session's agent; nothing in the form names it.
    const member = await registerDownline(
      db,
      agentId,
      {
        kind: value.kind,
        account: value.username,
        password: value.password,
        nickname: value.nickname,
        agentRate: value.kind === "agent" ? value.rate : undefined,
      },
      brand,
      auditContext(request),
    );
    return redirect(`/agentHome/team?registered=${encodeURIComponent(member.account)}`);
  } catch (error) {
    const message = errorMessage(error, t);
    const field = error instanceof PlatformError ? FIELD_OF_ERROR[error.code] : undefined;
    return formFailure(
      submission.reply({
        ...(field ? { fieldErrors: { [field]: [message] } } : { formErrors: [message] }),
        hideFields: SECRET_FIELDS,
      }),
    );
  }
}

export default function RegisterDownline() {
  const { title, hints } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <div className="records-page team-register">
      <h1>{title}</h1>
      <p className="muted">{t("agentTeam.register.intro")}</p>
      <section className="member-card" aria-label={title}>
        <p data-testid="register-own-rate">
          {t("agentTeam.register.yourRate", { rate: hints.ownRate })}
        </p>
        <TeamRegisterForm hints={hints} result={actionData?.result} />
      </section>
      <p>
        <Link to="/agentHome/team">{t("agentTeam.team.title")}</Link>
      </p>
    </div>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
