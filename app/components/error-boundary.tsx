import { isRouteErrorResponse, useRouteError, type ErrorResponse } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "~/utils/i18n";
import { useRequestId } from "~/utils/request-context";

type StatusHandler = (info: { error: ErrorResponse }) => ReactNode;

/** The answers every page shares: a thrown 400, 403, 404 or 429 is told in words, not as a fault. */
const STATUS_TEXTS: Record<number, { title: string; text: string }> = {
  400: { title: "error.badRequestTitle", text: "error.badRequest" },
  403: { title: "error.forbiddenTitle", text: "error.forbidden" },
  404: { title: "error.notFoundTitle", text: "error.notFound" },
  429: { title: "error.tooManyRequestsTitle", text: "error.tooManyRequests" },
};

/**
 * The error boundary of every page and layout (Epic Stack style): it renders
 * where the route would have, so the layouts above it — portal header and
 * menus, member centre, agent centre, `<html lang dir>` — stay. A thrown
 * response is answered by the route's own status handler when it has one,
 * else by the shared 400/403/404/429 texts; anything else is "Unknown error" with
 * the request id that is also in the log.
 *
 * Routes export it as it is (`export const ErrorBoundary = GeneralErrorBoundary`)
 * or with handlers for a page's own wording; tests/routes/error-boundaries.test.ts
 * fails for a page route without one.
 */
export function GeneralErrorBoundary({
  statusHandlers,
  defaultStatusHandler,
}: {
  statusHandlers?: Record<number, StatusHandler>;
  defaultStatusHandler?: StatusHandler;
}) {
  const error = useRouteError();
  const { t } = useTranslation();
  const requestId = useRequestId();
  // A 404 is an answer, not a fault; only unexpected errors belong in the console.
  if (typeof document !== "undefined" && !isRouteErrorResponse(error)) console.error(error);

  if (isRouteErrorResponse(error)) {
    const handler = statusHandlers?.[error.status] ?? defaultStatusHandler;
    if (handler) return <div className="error-page">{handler({ error })}</div>;
    const texts = STATUS_TEXTS[error.status];
    if (texts) {
      return (
        <div className="error-page" role="alert" data-status={error.status}>
          <h1>{t(texts.title)}</h1>
          <p>{t(texts.text)}</p>
          <a className="button" href="/">
            {t("error.backHome")}
          </a>
        </div>
      );
    }
  }
  return (
    <div className="error-page" role="alert">
      <h1>{t("error.unknown")}</h1>
      {requestId ? <p className="muted">{t("error.requestId", { id: requestId })}</p> : null}
      <a className="button" href="/">
        {t("error.backHome")}
      </a>
    </div>
  );
}
