import { Link, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { categoryPath } from "~/utils/lobby-links";

/**
 * A link to a category's page, marked current on that page. Categories without
 * a page of their own open a lobby tab on "/", which a NavLink would mark
 * current on every lobby view.
 */
export function CategoryLink({ category, children }: { category: string; children: ReactNode }) {
  const location = useLocation();
  const target = categoryPath(category);
  const [path, query] = target.split("?");
  const current =
    location.pathname === path &&
    (!query || new URLSearchParams(location.search).get("tab")?.toUpperCase() === category);
  return (
    <Link
      to={target}
      className={current ? "active" : undefined}
      aria-current={current ? "page" : undefined}
    >
      {children}
    </Link>
  );
}
