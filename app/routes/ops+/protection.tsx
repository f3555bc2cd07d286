import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { AddLimitForm } from "~/components/ops/protection/add-limit-form";
import { AddRestrictionForm } from "~/components/ops/protection/add-restriction-form";
import { LimitedMembers } from "~/components/ops/protection/limited-members";
import { ProtectionViews } from "~/components/ops/protection/protection-views";
import { RealitySettings } from "~/components/ops/protection/reality-settings";
import { RestrictedMembers } from "~/components/ops/protection/restricted-members";
import { useTranslation } from "~/utils/i18n";
import { titleMeta } from "~/utils/meta";
import { opsProtectionAction, opsProtectionLoader } from "./__protection.server";

export const meta = titleMeta<typeof loader>();

/** /ops/protection: breaks, limits and reality settings with their trail; add a restriction (see ./__protection.server.ts). */
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
  const limitFailed = failed && "form" in failed ? failed.result : undefined;
  const breakFailed = failed && !("form" in failed) ? failed.result : undefined;
  const added = data.added ? data.rows.find((row) => row.account === data.added) : undefined;
  const { view, typed } = data.query;
  return (
    <section className="member-card ops-queue" aria-labelledby="ops-protection-title">
      <h1 id="ops-protection-title">{data.title}</h1>
      {added && !failed ? (
        <p className="form-success" role="status" data-testid="ops-protection-done">
          {t("protectionBreak.ops.added", { account: added.account, until: added.endsAt })}
        </p>
      ) : null}
      {data.limited && !failed ? (
        <p className="form-success" role="status" data-testid="ops-limit-done">
          {t(`protectionOps.done.${data.limited}`, { account: typed })}
        </p>
      ) : null}
      <ProtectionViews view={view} account={typed} />
      {view === "breaks" ? (
        <>
          <p className="muted">{t("protectionBreak.ops.intro")}</p>
          <AddRestrictionForm bounds={data.bounds} result={breakFailed} />
          <RestrictedMembers rows={data.rows} />
        </>
      ) : view === "limits" ? (
        <>
          <AddLimitForm account={typed} result={limitFailed} />
          <LimitedMembers rows={data.limits} />
        </>
      ) : (
        <RealitySettings rows={data.reality} />
      )}
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
