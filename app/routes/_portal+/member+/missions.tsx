import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { MissionCard } from "~/components/missions/mission-card";
import { MissionHistory } from "~/components/missions/mission-history";
import { MissionLeaderboard } from "~/components/missions/mission-leaderboard";
import { useTranslation } from "~/utils/i18n";
import { titleMeta } from "~/utils/meta";
import { missionsAction, missionsLoader } from "./__missions.server";

export const meta = titleMeta<typeof loader>();

/** /member/missions: missions, their claims and this week's leaderboard (see ./__missions.server.ts). */
export async function loader({ request }: LoaderFunctionArgs) {
  return missionsLoader(request);
}

export async function action({ request }: ActionFunctionArgs) {
  return missionsAction(request);
}

export default function Missions() {
  const { title, timeZone, formKey, claimed, missions, history, leaderboard } =
    useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <div className="records-page missions-page">
      <h1>{title}</h1>
      {claimed && !failed ? (
        <p className="form-success" role="status" data-testid="mission-claimed-notice">
          {claimed}
        </p>
      ) : null}
      <section aria-labelledby="missions-current-title">
        <h2 id="missions-current-title">{t("missions.current")}</h2>
        {missions.length === 0 ? (
          <p className="empty-state">{t("missions.none")}</p>
        ) : (
          <ul className="mission-list" key={location.search}>
            {missions.map((mission) => (
              <MissionCard
                key={mission.id}
                mission={mission}
                formKey={formKey}
                result={failed?.missionId === mission.id ? failed.result : null}
              />
            ))}
          </ul>
        )}
      </section>
      <MissionLeaderboard board={leaderboard} />
      <MissionHistory history={history} timeZone={timeZone} />
    </div>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
