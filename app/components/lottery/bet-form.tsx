import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useId } from "react";
import { useTranslation } from "~/utils/i18n";
import type { BetKindData } from "./types";
import { Field, FormErrors } from "../forms/field";

const texts = (value: unknown): string[] | null =>
  typeof value === "string"
    ? [value]
    : Array.isArray(value) && value.every((entry) => typeof entry === "string")
      ? value
      : null;

/**
 * One bet kind's form: what to pick (numbers in their places, or an option),
 * the stake, and the round key that makes a double submit one bet. A plain
 * POST, so it works without JavaScript; a refusal comes back on this form.
 */
export function BetForm({
  kind,
  type,
  gameCode,
  drawNo,
  result,
}: {
  kind: BetKindData;
  /** The lottery type: a kind's rule depends on it (SSC and LF sums differ). */
  type: string;
  gameCode: string;
  drawNo: number;
  result?: SubmissionResult<string[]> | null;
}) {
  const { t } = useTranslation();
  const id = useId();
  const errors = result?.error ?? {};
  const entered = result?.initialValue ?? {};
  const picks = texts(entered.pick) ?? kind.defaults;
  const pickError = errors.pick?.[0];
  const { pick } = kind;
  return (
    <Form
      method="post"
      className="lottery-bet member-card"
      noValidate
      aria-labelledby={`${id}-title`}
      data-testid={`bet-form-${kind.code}`}
    >
      <h3 id={`${id}-title`}>{t(`lottery.kinds.${kind.code}`)}</h3>
      <p className="muted">{t(`lottery.rules.${type}.${kind.code}`)}</p>
      <p className="muted" data-testid="bet-odds">
        {t("lottery.bet.oddsRtp", { odds: kind.odds, rtp: kind.rtp })}
      </p>
      <input type="hidden" name="gameCode" value={gameCode} />
      <input type="hidden" name="betKind" value={kind.code} />
      <input type="hidden" name="drawNo" value={drawNo} />
      <input type="hidden" name="roundKey" value={kind.roundKey} />
      <fieldset
        className="lottery-pick"
        aria-describedby={`${id}-pick-error`}
        aria-invalid={pickError ? true : undefined}
      >
        <legend>{t("lottery.bet.pick")}</legend>
        {pick.kind === "option"
          ? pick.options.map((option) => (
              <label key={option} className="lottery-option">
                <input
                  type="radio"
                  name="pick"
                  value={option}
                  defaultChecked={picks[0] === option}
                />
                {t(`lottery.options.${option}`)}
              </label>
            ))
          : Array.from({ length: pick.count }, (_, index) => (
              <label key={index} className="lottery-number">
                <span>
                  {t(pick.ordered ? "lottery.bet.place" : "lottery.bet.number", { n: index + 1 })}
                </span>
                <select name="pick" defaultValue={picks[index] ?? String(pick.min)}>
                  {Array.from({ length: pick.max - pick.min + 1 }, (_, offset) =>
                    String(pick.min + offset),
                  ).map((value) => (
                    <option key={value} value={value}>
                      {value}
                    </option>
                  ))}
                </select>
              </label>
            ))}
      </fieldset>
      <div id={`${id}-pick-error`} className="field-error" role={pickError ? "alert" : undefined}>
        {pickError ?? ""}
      </div>
      <Field
        name="stake"
        label={t("lottery.bet.stake")}
        inputMode="decimal"
        autoComplete="off"
        defaultValue={typeof entered.stake === "string" ? entered.stake : undefined}
        errors={errors.stake}
        required
      />
      <FormErrors errors={errors[""]} />
      <button type="submit" className="button primary">
        {t("lottery.bet.submit")}
      </button>
    </Form>
  );
}
