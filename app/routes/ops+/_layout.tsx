import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { OpsHeader } from "~/components/ops/ops-header";
import { useOpsLive } from "~/components/ops/support/use-ops-live";
import { opsSupportUnread } from "~/platform/contact/support-ops.server";
import { getDb } from "~/platform/start.server";
import { getBrandConfig } from "~/platform/system/settings.server";
import { requireStaff } from "~/utils/auth.server";
import { translatorFor } from "~/utils/i18next.server";
import { titleMeta } from "~/utils/meta";

export const meta = titleMeta<typeof loader>();

/** The sign-in page is the one /ops page open to everyone. */
const isLoginPage = (request: Request) =>
  new URL(request.url).pathname.replace(/\/+$/, "") === "/ops/login";

/**
 * The operators' back office (no portal header or footer), guarded here:
 * anyone but a signed-in operator goes to /ops/login. Each page's loader and
 * action checks again on its own.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const staff = isLoginPage(request) ? null : await requireStaff(request);
  const operator = staff?.viewer ?? null;
  const db = await getDb();
  const [brand, t, supportUnread] = await Promise.all([
    getBrandConfig(db),
    translatorFor(request),
    staff?.permissions.has("support.view") ? opsSupportUnread(db) : 0,
  ]);
  return json({
    title: t("ops.title"),
    brandName: brand.name,
    account: operator?.member.account ?? null,
    permissions: staff ? [...staff.permissions] : [],
    supportUnread,
  });
}

export default function OpsLayout() {
  const { account } = useLoaderData<typeof loader>();
  return account ? <SignedInOps /> : <Outlet />;
}

/**
 * The signed-in back office, with its live channel: the support queue and the nav's badge,
 * and on the staff home the queues it counts.
 */
function SignedInOps() {
  const { brandName, account, supportUnread, permissions } = useLoaderData<typeof loader>();
  const { pathname } = useLocation();
  const onHome = pathname.replace(/\/+$/, "") === "/ops";
  const live = useOpsLive({
    pollWithoutStream: onHome || pathname.startsWith("/ops/support"),
    topics: [
      ...(permissions.includes("support.view") ? (["ops:support"] as const) : []),
      ...(onHome ? (["ops:queues"] as const) : []),
    ],
  });
  return (
    <div className="agent-centre ops-centre" data-testid="ops-centre" data-live={live}>
      <OpsHeader
        brandName={brandName}
        account={account!}
        supportUnread={supportUnread}
        permissions={permissions}
      />
      <main id="main" className="agent-main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}

/**
 * Every back-office page renders its own errors inside the ops header; only this
 * layout's own failure lands here, in the root document (`<html lang dir>` kept).
 */
export const ErrorBoundary = GeneralErrorBoundary;
