import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/utils/i18n";
import { AgentClock, formatOffset } from "./agent-clock";
import { Icon } from "../ui/icon";

export interface AgentHeaderProps {
  brandName: string;
  /** The brand's IANA time zone: the offset and the clock are shown in it. */
  timeZone: string;
  /** The server's clock when the page was rendered (ms since the epoch). */
  now: number;
  agent: { account: string; nickname: string | null };
}

/**
 * Agent centre header: brand, time-zone offset, a clock updated each
 * second, nickname or account, and sign out. Signing out is a plain post to
 * /logout (works without JavaScript); with JavaScript the button shows a
 * loader until /agent has loaded.
 */
export function AgentHeader({ brandName, timeZone, now, agent }: AgentHeaderProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const signingOut = navigation.state !== "idle" && navigation.formAction === "/logout";
  return (
    <header className="agent-header">
      <div className="agent-header-bar">
        <p className="agent-brand">
          <span className="brand-mark">
            <Icon name="anchor" size={26} />
          </span>
          <span className="brand-name">{brandName}</span>
          <span className="agent-header-title">{t("agentHome.title")}</span>
        </p>
        <p className="agent-time">
          <span className="visually-hidden">{t("agentHome.timeZone")} </span>
          <span className="agent-offset" data-testid="agent-offset">
            {formatOffset(now, timeZone)}
          </span>{" "}
          <span className="visually-hidden">{t("agentHome.clock")} </span>
          <AgentClock timeZone={timeZone} initial={now} />
        </p>
        <p className="agent-who">
          <span className="visually-hidden">{t("agentHome.signedInAs")} </span>
          <span data-testid="agent-name">{agent.nickname || agent.account}</span>
        </p>
        <Form method="post" action="/logout" className="inline-form">
          <input type="hidden" name="site" value="agent" />
          <button
            type="submit"
            className="button small"
            aria-disabled={signingOut || undefined}
            data-testid="agent-sign-out"
          >
            {signingOut ? (
              <>
                <span className="spinner" aria-hidden="true" />
                <span>{t("agentHome.signingOut")}</span>
              </>
            ) : (
              t("agentHome.signOut")
            )}
          </button>
        </Form>
      </div>
    </header>
  );
}
