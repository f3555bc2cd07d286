import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/utils/i18n";
import { CredentialFields } from "~/components/forms/credential-fields";
import { getDb } from "~/platform/db/database.server";
import { getBrandConfig } from "~/platform/system/settings.server";
import { translatorFor } from "~/i18next.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.title} · ${data.brandName}` : "" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const [brand, t] = await Promise.all([getBrandConfig(await getDb()), translatorFor(request)]);
  return json({ brandName: brand.name, hours: brand.agentServiceHours, title: t("agent.title") });
}

/**
 * §2 /agent: the agent login page (its own layout, no portal chrome), with
 * the service hours. Agent sign-in arrives with the identity work; the form
 * is shown disabled until then.
 */
export default function AgentLogin() {
  const { brandName, hours } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const first = hours.days[0] ?? 1;
  const last = hours.days[hours.days.length - 1] ?? 5;
  return (
    <main className="agent-login">
      <div className="agent-card">
        <p className="muted">{brandName}</p>
        <h1>{t("agent.title")}</h1>
        <p data-testid="service-hours">
          {t("agent.serviceHours", {
            from: t(`weekday.${first}`),
            to: t(`weekday.${last}`),
            start: hours.from,
            end: hours.to,
          })}
        </p>
        <form method="post" action="/agent" className="stack-form">
          <fieldset disabled>
            <CredentialFields />
            <button type="submit" className="button primary">
              {t("login.submit")}
            </button>
          </fieldset>
          <p className="form-note" role="status">
            {t("login.unavailable")}
          </p>
        </form>
        <a href="/" className="muted">
          {t("error.backHome")}
        </a>
      </div>
    </main>
  );
}
