import { useNavigate } from "@remix-run/react";
import { useEffect, type AnchorHTMLAttributes } from "react";

/**
 * A link for long lists (game tiles, vendor menus, the winner board): a plain
 * anchor, because Remix's <Link> resolves its path on every server render and
 * the lobby has hundreds. Once JavaScript runs, `useClientNavigation` turns
 * clicks on these into client-side navigations, like <Link>.
 */
export function PlainLink({
  to,
  keepScroll,
  children,
  ...props
}: Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & { to: string; keepScroll?: boolean }) {
  return (
    <a href={to} data-client-nav="" data-keep-scroll={keepScroll ? "" : undefined} {...props}>
      {children}
    </a>
  );
}

/** One click listener for every PlainLink on the page; mounted once, in the root. */
export function useClientNavigation() {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (
        event.defaultPrevented ||
        event.button !== 0 ||
        event.metaKey ||
        event.ctrlKey ||
        event.shiftKey ||
        event.altKey
      ) {
        return;
      }
      const anchor = (event.target as Element | null)?.closest?.("a[data-client-nav]");
      if (!(anchor instanceof HTMLAnchorElement) || (anchor.target && anchor.target !== "_self"))
        return;
      const url = new URL(anchor.href);
      if (url.origin !== window.location.origin) return;
      event.preventDefault();
      navigate(url.pathname + url.search + url.hash, {
        preventScrollReset: anchor.hasAttribute("data-keep-scroll"),
      });
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [navigate]);
}
