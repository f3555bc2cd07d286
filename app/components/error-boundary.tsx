import { isRouteErrorResponse, useRouteError, type ErrorResponse } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "~/utils/i18n";
import { useRequestId } from "~/utils/request-context";

type StatusHandler = (info: { error: ErrorResponse }) => ReactNode;

/**
 * Renders a route's error: a status handler for thrown responses (404 …),
 * otherwise "Unknown error" with the request id that is also in the log.
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
    if (error.status === 404) {
      return (
        <div className="error-page" role="alert">
          <h1>{t("error.notFoundTitle")}</h1>
          <p>{t("error.notFound")}</p>
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
