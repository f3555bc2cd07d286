import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { AddRestrictionForm } from "~/components/ops/protection/add-restriction-form";
import { RestrictedMembers } from "~/components/ops/protection/restricted-members";
import { useTranslation } from "~/utils/i18n";
import { titleMeta } from "~/utils/meta";
import { opsProtectionAction, opsProtectionLoader } from "./__protection.server";

export const meta = titleMeta<typeof loader>();

/** /ops/protection: members on a break and their trail; add a restriction (see ./__protection.server.ts). */
export async function loader({ request }: LoaderFunctionArgs) {
  return opsProtectionLoader(request);
}

export async function action({ request }: ActionFunctionArgs) {
  return opsProtectionAction(request);
}

export default function OpsProtection() {
  const data = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const { t } = useTranslation();
  const added = data.added ? data.rows.find((row) => row.account === data.added) : undefined;
  return (
    <section className="member-card ops-queue" aria-labelledby="ops-protection-title">
      <h1 id="ops-protection-title">{data.title}</h1>
      {added && !failed ? (
        <p className="form-success" role="status" data-testid="ops-protection-done">
          {t("protectionBreak.ops.added", { account: added.account, until: added.endsAt })}
        </p>
      ) : null}
      <p className="muted">{t("protectionBreak.ops.intro")}</p>
      <AddRestrictionForm bounds={data.bounds} result={failed?.result} />
      <RestrictedMembers rows={data.rows} />
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
