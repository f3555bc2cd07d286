import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { VipLevelForm } from "~/components/ops/vip/vip-level-form";
import { VipLevelTable } from "~/components/ops/vip/vip-level-table";
import { useTranslation } from "~/utils/i18n";
import { titleMeta } from "~/utils/meta";
import { opsVipAction, opsVipLoader } from "./__vip.server";

export const meta = titleMeta<typeof loader>();

/** /ops/vip: the VIP levels and the form of the one being edited (see ./__vip.server.ts). */
export async function loader({ request }: LoaderFunctionArgs) {
  return opsVipLoader(request);
}

export async function action({ request }: ActionFunctionArgs) {
  return opsVipAction(request);
}

export default function OpsVip() {
  const data = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const { t } = useTranslation();
  const editing =
    data.editing === null
      ? null
      : (data.levels.find((level) => level.level === data.editing) ?? null);
  return (
    <div className="ops-vip">
      <section className="member-card" aria-labelledby="ops-vip-title">
        <h1 id="ops-vip-title">{data.title}</h1>
        <p className="muted">{t("vipLevels.ops.intro", { days: data.rollingDays })}</p>
        {data.saved !== null && !failed ? (
          <p className="form-success" role="status" data-testid="ops-vip-saved">
            {t("vipLevels.ops.saved", { level: data.saved })}
          </p>
        ) : null}
        {data.editing !== null ? (
          <VipLevelForm
            key={data.editing}
            level={data.editing}
            current={editing}
            currency={data.currency}
            result={failed?.result}
          />
        ) : null}
        <VipLevelTable levels={data.levels} nextLevel={data.nextLevel} currency={data.currency} />
      </section>
    </div>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
