import { Form } from "@remix-run/react";
import { useTranslation } from "~/utils/i18n";
import { SecurityCard } from "./section";

/** One signed-in device as the page shows it (times already in the brand's zone). */
export interface SessionRow {
  id: string;
  device: string | null;
  ip: string | null;
  startedAt: string;
  lastSeenAt: string;
  current: boolean;
}

/**
 * Where the account is signed in: each device with its IP, when it signed in and when it
 * was last active, "this device" marked. Every other one has a sign-out button, and one
 * button signs out all of them. Plain forms: works without JavaScript.
 */
export function SessionsSection({
  sessions,
  ended,
}: {
  sessions: SessionRow[];
  /** After a sign-out: which one the note reports. */
  ended: "one" | "others" | null;
}) {
  const { t } = useTranslation();
  const others = sessions.filter((session) => !session.current);
  return (
    <SecurityCard
      id="sessions"
      title={t("accountSafety.sessions.title")}
      done={ended !== null}
      doneText={
        ended === "others"
          ? t("accountSafety.sessions.doneOthers")
          : t("accountSafety.sessions.doneOne")
      }
    >
      <p className="muted">{t("accountSafety.sessions.intro")}</p>
      <ul className="session-list" data-testid="session-list">
        {sessions.map((session) => {
          const device = session.device ?? t("accountSafety.sessions.unknownDevice");
          return (
            <li
              key={session.id}
              data-testid="session-row"
              data-current={session.current ? "true" : undefined}
            >
              <dl className="transfer-facts">
                <dt>{t("accountSafety.sessions.device")}</dt>
                <dd data-testid="session-device">
                  {device}
                  {session.current ? (
                    <strong data-testid="session-current">
                      {" "}
                      ({t("accountSafety.sessions.thisDevice")})
                    </strong>
                  ) : null}
                </dd>
                <dt>{t("accountSafety.sessions.ip")}</dt>
                <dd dir="ltr">{session.ip ?? t("accountSafety.sessions.unknownIp")}</dd>
                <dt>{t("accountSafety.sessions.started")}</dt>
                <dd dir="ltr">{session.startedAt}</dd>
                <dt>{t("accountSafety.sessions.lastSeen")}</dt>
                <dd dir="ltr">{session.lastSeenAt}</dd>
              </dl>
              {session.current ? null : (
                <Form method="post" action="/member/security#sessions">
                  <input type="hidden" name="sessionId" value={session.id} />
                  <button
                    type="submit"
                    name="intent"
                    value="sign-out-session"
                    className="button"
                    aria-label={t("accountSafety.sessions.signOutLabel", { device })}
                  >
                    {t("accountSafety.sessions.signOut")}
                  </button>
                </Form>
              )}
            </li>
          );
        })}
      </ul>
      {others.length > 0 ? (
        <Form method="post" action="/member/security#sessions">
          <input type="hidden" name="sessionId" value="others" />
          <button
            type="submit"
            name="intent"
            value="sign-out-session"
            className="button primary"
            data-testid="sign-out-others"
          >
            {t("accountSafety.sessions.signOutOthers")}
          </button>
        </Form>
      ) : (
        <p className="muted" data-testid="no-other-sessions">
          {t("accountSafety.sessions.noneOther")}
        </p>
      )}
    </SecurityCard>
  );
}
