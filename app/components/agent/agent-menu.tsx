import { Link } from "@remix-run/react";
import type { AgentMenuItem } from "~/platform/agency/menu";
import { useTranslation } from "~/utils/i18n";
import { CustomerServiceLink, type CustomerServiceEntry } from "../customer-service-link";
import { Icon } from "../ui/icon";

/** The item of the page shown: the overview only on /agentHome itself, the others on their page and below it. */
function isCurrent(href: string, pathname: string) {
  const path = pathname.replace(/\/+$/, "") || "/";
  return href === "/agentHome" ? path === href : path === href || path.startsWith(`${href}/`);
}

/**
 * Agent centre menu, from the items the layout's loader computed (the
 * consolidated contract info decides the contract pages). A <details>
 * disclosure: on narrow screens it is a "Menu" button that opens the list
 * (no JavaScript needed); on wide screens the CSS keeps the list open and
 * hides the toggle.
 */
export function AgentMenu({
  items,
  pathname,
  customerService,
}: {
  items: AgentMenuItem[];
  pathname: string;
  customerService: CustomerServiceEntry | null;
}) {
  const { t } = useTranslation();
  return (
    <nav className="agent-menu" aria-label={t("agentCentre.menu.title")} data-testid="agent-menu">
      <details className="agent-menu-disclosure">
        <summary>
          <Icon name="menu" size={18} />
          <span>{t("agentCentre.menu.toggle")}</span>
        </summary>
        <ul>
          {items.map((item) => {
            const label = t(`agentCentre.menu.${item.key}`);
            if (item.key === "customerService") {
              return customerService ? (
                <li key={item.key}>
                  <CustomerServiceLink entry={customerService}>{label}</CustomerServiceLink>
                </li>
              ) : null;
            }
            const href = item.href!;
            const current = isCurrent(href, pathname);
            return (
              <li key={item.key}>
                <Link
                  to={href}
                  aria-current={current ? "page" : undefined}
                  data-menu-key={item.key}
                  prefetch="intent"
                >
                  <span>{label}</span>
                  {item.offerWaiting ? (
                    <span className="badge" data-testid={`menu-offer-${item.key}`}>
                      {t("agentCentre.menu.offer")}
                    </span>
                  ) : null}
                </Link>
              </li>
            );
          })}
        </ul>
      </details>
    </nav>
  );
}
