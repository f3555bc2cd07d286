import { Form, Link } from "@remix-run/react";
import { Field } from "~/components/forms/field";
import { useTranslation } from "~/utils/i18n";

const VIEWS = ["breaks", "limits", "reality"] as const;
export type ProtectionViewName = (typeof VIEWS)[number];

/** The screen's views as links (URL state) and a search by account that keeps the view; works without JS. */
export function ProtectionViews({ view, account }: { view: ProtectionViewName; account: string }) {
  const { t } = useTranslation();
  const href = (name: ProtectionViewName) => {
    const params = new URLSearchParams({ view: name });
    if (account) params.set("account", account);
    return `/ops/protection?${params.toString()}`;
  };
  return (
    <>
      <nav aria-label={t("protectionOps.views.label")}>
        <ul className="tabs-list ops-kinds">
          {VIEWS.map((name) => (
            <li key={name}>
              <Link
                to={href(name)}
                aria-current={name === view ? "page" : undefined}
                data-testid={`ops-protection-view-${name}`}
              >
                {t(`protectionOps.views.${name}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Form method="get" action="/ops/protection" className="filters" role="search">
        <input type="hidden" name="view" value={view} />
        <Field
          name="account"
          label={t("protectionOps.search.account")}
          defaultValue={account}
          maxLength={64}
          autoComplete="off"
        />
        <button type="submit" className="button">
          {t("protectionOps.search.submit")}
        </button>
      </Form>
    </>
  );
}
