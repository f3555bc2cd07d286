import { Links, Meta, Scripts, ScrollRestoration } from "@remix-run/react";
import type { ReactNode } from "react";
import { directionOf } from "~/i18n";
import appStyles from "~/styles/app.css";
import { useNonce } from "~/utils/request-context";
import { InlineStylesheet } from "./seo/inline-stylesheet";
import { LowPriorityModules } from "./seo/low-priority-modules";
import { SeoHead, type SeoHeadProps } from "./seo/seo-head";

/** The one HTML shell, for the app and its error boundary: `<html lang dir>` and the server-rendered theme. */
export function Document({
  locale,
  theme,
  seo,
  children,
}: {
  locale: string;
  theme: "light" | "dark";
  /** The page's description, canonical and alternates; error pages have none. */
  seo?: SeoHeadProps;
  children: ReactNode;
}) {
  const nonce = useNonce();
  return (
    <html lang={locale} dir={directionOf(locale)} data-theme={theme} className={theme}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content={theme} />
        <InlineStylesheet href={appStyles} />
        <Meta />
        {seo ? <SeoHead {...seo} /> : null}
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <LowPriorityModules />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}
