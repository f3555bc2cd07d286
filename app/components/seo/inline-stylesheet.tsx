import { useInlineCss } from "~/utils/request-context";

const ID = "app-css";

/**
 * The app's stylesheet inlined in the head, so the first paint waits for no
 * request (ADR 27). The server has the text from its request context; the
 * browser hydrates with the text already in the DOM instead of downloading it
 * again. Without the text (route tests, a missing build file) it is an
 * ordinary render-blocking link.
 */
export function InlineStylesheet({ href }: { href: string }) {
  const serverCss = useInlineCss();
  const css =
    typeof document === "undefined"
      ? serverCss
      : (document.getElementById(ID)?.textContent ?? undefined);
  if (!css) return <link rel="stylesheet" href={href} />;
  return <style id={ID} dangerouslySetInnerHTML={{ __html: css }} />;
}
