import { Form, Link } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { HoneypotField } from "~/components/forms/honeypot-field";
import { useTranslation } from "~/utils/i18n";
import { formatElapsed } from "./session-clock";
import type { RealityView } from "./types";

export const REALITY_CHECK_PATH = "/member/protection/reality-check";

/**
 * The reality check: time played and net result of this session, with
 * Continue, View history and Log out, each its own form so it works without
 * JavaScript. With JavaScript it is a modal dialog that keeps focus inside;
 * Escape does not close it, because the game stays paused (the wallet
 * refuses stakes) until the member answers.
 */
export function RealityReminder({ reality, returnTo }: { reality: RealityView; returnTo: string }) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const box = dialog.current;
    if (!box) return;
    box.querySelector<HTMLElement>("button")?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        event.preventDefault();
        return;
      }
      if (event.key !== "Tab") return;
      const items = [...box.querySelectorAll<HTMLElement>("button, a[href]")];
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) return;
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);
  const played = formatElapsed(
    Date.parse(reality.renderedAt) - Date.parse(reality.sessionStartedAt),
  );
  return (
    <div className="reality-backdrop">
      <div
        ref={dialog}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="reality-title"
        aria-describedby="reality-summary"
        className="member-card reality-dialog"
        data-testid="reality-check"
      >
        <h2 id="reality-title">{t("realityCheck.reminderTitle")}</h2>
        <p id="reality-summary">
          {t("realityCheck.reminderPlayed", { time: played })}{" "}
          <span data-testid="reality-net">
            {reality.losing
              ? t("realityCheck.reminderLost", { amount: reality.net })
              : t("realityCheck.reminderWon", { amount: reality.net })}
          </span>
        </p>
        <p className="muted">{t("realityCheck.reminderPaused")}</p>
        <div className="reality-actions">
          <AnswerForm intent="continue" returnTo={returnTo} label={t("realityCheck.continue")} />
          <AnswerForm intent="history" returnTo={returnTo} label={t("realityCheck.history")} />
          <Form method="post" action="/logout" reloadDocument>
            <input type="hidden" name="site" value="member" />
            <button type="submit" className="button secondary">
              {t("realityCheck.logout")}
            </button>
          </Form>
        </div>
        <p className="muted">
          <Link to={REALITY_CHECK_PATH}>{t("realityCheck.settingsLink")}</Link>
        </p>
      </div>
    </div>
  );
}

function AnswerForm({
  intent,
  returnTo,
  label,
}: {
  intent: "continue" | "history";
  returnTo: string;
  label: string;
}) {
  return (
    <Form method="post" action={REALITY_CHECK_PATH} reloadDocument>
      <HoneypotField />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="returnTo" value={returnTo} />
      <button type="submit" className={intent === "continue" ? "button" : "button secondary"}>
        {label}
      </button>
    </Form>
  );
}
