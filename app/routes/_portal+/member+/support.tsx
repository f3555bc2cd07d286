import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SupportForm } from "~/components/support/support-form";
import { SupportMessages } from "~/components/support/support-messages";
import { useTranslation } from "~/utils/i18n";
import { titleMeta } from "~/utils/meta";
import { memberSupportAction, memberSupportLoader } from "./__support.server";

export const meta = titleMeta<typeof loader>();

/** /member/support: the member's conversation with the operators (see ./__support.server.ts). */
export async function loader({ request }: LoaderFunctionArgs) {
  return memberSupportLoader(request);
}

export async function action({ request }: ActionFunctionArgs) {
  return memberSupportAction(request);
}

export default function MemberSupport() {
  const data = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <div className="records-page support-page">
      <h1>{data.title}</h1>
      <p data-testid="support-hours">
        {data.hours.open
          ? t("support.hours.open", { from: data.hours.from, to: data.hours.to })
          : data.hours.opensAt
            ? t("support.hours.closed", { at: data.hours.opensAt })
            : t("support.hours.closedNoTime")}
      </p>
      {data.status === "closed" ? <p className="muted">{t("support.closedNote")}</p> : null}
      <SupportMessages messages={data.messages} viewer="member" />
      <SupportForm max={data.max} result={failed?.result} label={t("support.message")} />
    </div>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
