import {
  json,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type TypedResponse,
} from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { AuthenticatorPanel } from "~/components/identity/authenticator-panel";
import { getDb } from "~/platform/start.server";
import { getBrandConfig } from "~/platform/system/settings.server";
import { OPS_ENROLMENT_PATH, requireOperator } from "~/utils/auth.server";
import {
  authenticatorAction,
  authenticatorState,
  isAuthenticatorIntent,
  type AuthenticatorReply,
} from "~/utils/authenticator.server";
import { readForm } from "~/utils/form.server";
import { useTranslation } from "~/utils/i18n";
import { translatorFor } from "~/utils/i18next.server";
import { titleMeta } from "~/utils/meta";

export const meta = titleMeta<typeof loader>();

/**
 * /ops/authenticator (ADR 34): authenticator codes are mandatory for staff. An
 * operator without one is kept here by requireOperator until a code from the
 * app confirms it; the recovery codes are shown once after confirming.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const operator = await requireOperator(request);
  const db = await getDb();
  const [brand, t] = await Promise.all([getBrandConfig(db), translatorFor(request)]);
  return json({
    title: t("authenticator.ops.title"),
    brandName: brand.name,
    state: await authenticatorState(db, operator.member, brand.name),
  });
}

export async function action({
  request,
}: ActionFunctionArgs): Promise<TypedResponse<AuthenticatorReply>> {
  const formData = await readForm(request);
  const operator = await requireOperator(request);
  if (!isAuthenticatorIntent(formData.get("intent")))
    throw json({ error: "unknown_intent" }, { status: 400 });
  const db = await getDb();
  const [brand, t] = await Promise.all([getBrandConfig(db), translatorFor(request)]);
  return authenticatorAction({
    request,
    formData,
    db,
    owner: operator.member,
    issuer: brand.name,
    t,
    back: OPS_ENROLMENT_PATH,
  });
}

/** The page's own path, for its forms (OPS_ENROLMENT_PATH lives in a server module, absent in the browser). */
const PAGE = "/ops/authenticator";

export default function OpsAuthenticator() {
  const { title, state } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <section className="member-card" aria-labelledby="ops-authenticator-title">
      <h1 id="ops-authenticator-title">{title}</h1>
      {state.status !== "active" ? (
        <p className="form-note" data-testid="ops-authenticator-required">
          {t("authenticator.ops.required")}
        </p>
      ) : null}
      <AuthenticatorPanel state={state} answer={answer} action={PAGE} doneHref={`${PAGE}?done=1`} />
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
