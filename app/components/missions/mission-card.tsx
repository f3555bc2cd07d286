import type { SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { FormErrors } from "~/components/forms/field";
import { HoneypotField } from "~/components/forms/honeypot-field";
import { FormKeyInput } from "~/components/member/transfer/form-key-input";
import { useTranslation } from "~/utils/i18n";
import type { MissionCardData } from "./types";

/**
 * One mission: what to do, the progress bar (figure / target), time left in
 * its period, the reward, and the claim form when it is complete. The
 * server decides; the button only says what the page saw.
 */
export function MissionCard({
  mission,
  formKey,
  result,
}: {
  mission: MissionCardData;
  formKey: string;
  result?: SubmissionResult<string[]> | null;
}) {
  const { t } = useTranslation();
  const busy = useNavigation().formData?.get("missionId") === mission.id;
  const titleId = `mission-${mission.id}-title`;
  const state = mission.claimed ? "claimed" : mission.claimable ? "complete" : "open";
  return (
    <li
      className="member-card mission-card"
      aria-labelledby={titleId}
      data-testid="mission-card"
      data-code={mission.code}
      data-state={state}
    >
      <h3 id={titleId}>{mission.name}</h3>
      <p className="muted">
        <span className="badge-text">{mission.period}</span> {mission.condition}
      </p>
      {mission.description ? <p>{mission.description}</p> : null}
      <div className="turnover">
        <div className="turnover-figures">
          <span data-testid="mission-figure">
            {t("missions.progress", { figure: mission.figure, target: mission.target })}
          </span>
          <span data-testid="mission-time-left">{mission.timeLeft}</span>
        </div>
        <progress
          value={mission.percent}
          max={100}
          aria-label={t("missions.progressLabel", { percent: mission.percent })}
          data-testid="mission-bar"
        />
      </div>
      <p data-testid="mission-reward">
        {t("missions.rewardLine", { reward: mission.reward })} ·{" "}
        {t("missions.missionPoints", { count: mission.missionPoints })}
      </p>
      {mission.claimed ? (
        <>
          {/* A refused claim from another tab: why, beside the claim already made. */}
          <FormErrors errors={result?.error?.[""]} />
          <p className="form-success" data-testid="mission-claimed">
            {t("missions.claimed")}
          </p>
        </>
      ) : mission.claimable || result ? (
        <Form method="post" className="inline-form" data-testid="mission-claim-form">
          <HoneypotField />
          <FormKeyInput formKey={formKey} />
          <input type="hidden" name="missionId" value={mission.id} />
          <FormErrors errors={result?.error?.[""]} />
          <button
            type="submit"
            className="button primary"
            aria-busy={busy || undefined}
            data-testid="mission-claim"
          >
            {t("missions.claim")}
          </button>
        </Form>
      ) : null}
    </li>
  );
}
