import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FormErrors } from "~/components/forms/field";
import { OpsMissionForm } from "~/components/ops/missions/mission-form";
import { OpsMissionList } from "~/components/ops/missions/mission-list";
import { useTranslation } from "~/utils/i18n";
import { titleMeta } from "~/utils/meta";
import { opsMissionsAction, opsMissionsLoader } from "./__missions.server";

export const meta = titleMeta<typeof loader>();

/** /ops/missions: the missions and the form of the one being added or edited (see ./__missions.server.ts). */
export async function loader({ request }: LoaderFunctionArgs) {
  return opsMissionsLoader(request);
}

export async function action({ request }: ActionFunctionArgs) {
  return opsMissionsAction(request);
}

export default function OpsMissions() {
  const data = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const { t } = useTranslation();
  const editing =
    data.editing === null
      ? undefined
      : (data.missions.find((mission) => mission.id === data.editing) ?? null);
  const saved = data.missions.find((mission) => mission.id === data.saved);
  return (
    <div className="ops-missions">
      <section className="member-card" aria-labelledby="ops-missions-title">
        <h1 id="ops-missions-title">{data.title}</h1>
        <p className="muted">{t("opsMissions.intro")}</p>
        {saved && !failed ? (
          <p className="form-success" role="status" data-testid="ops-mission-saved">
            {t("opsMissions.saved", { code: saved.code })}
          </p>
        ) : null}
        {editing === undefined && failed ? <FormErrors errors={failed.result.error?.[""]} /> : null}
        <p>
          <Link to="/ops/missions?edit=new" className="button" data-testid="ops-mission-new">
            {t("opsMissions.new")}
          </Link>
        </p>
        {editing !== undefined ? (
          <OpsMissionForm key={data.editing} mission={editing} result={failed?.result} />
        ) : null}
        <OpsMissionList missions={data.missions} />
      </section>
    </div>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
