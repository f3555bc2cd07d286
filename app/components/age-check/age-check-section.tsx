import { Form } from "@remix-run/react";
import { Field, FormErrors } from "~/components/forms/field";
import { HoneypotField } from "~/components/forms/honeypot-field";
import {
  answerParts,
  SecurityCard,
  type SectionAnswer,
} from "~/components/member/security/section";
import { useTranslation } from "~/utils/i18n";

export interface AgeCheckView {
  status: "none" | "pending" | "verified" | "rejected";
  birthday: string | null;
  reason: string | null;
  latestBirthday: string;
  /** The brand requires a verified birthday before the first deposit. */
  required: boolean;
}

/**
 * Issue 17: the member asks for their birthday to be verified with a photo
 * of an ID document; an operator decides. The form shows while nothing is
 * pending or verified (again after a rejection, with its reason).
 */
export function AgeCheckSection({
  answer,
  state,
  done,
}: {
  answer?: SectionAnswer;
  state: AgeCheckView;
  done: boolean;
}) {
  const { t } = useTranslation();
  const { errors, values } = answerParts(answer);
  const open = state.status === "none" || state.status === "rejected";
  return (
    <SecurityCard
      id="age-check"
      title={t("ageCheck.title")}
      done={done}
      doneText={t("ageCheck.done")}
    >
      <p className="muted">{t(state.required ? "ageCheck.requiredNote" : "ageCheck.note")}</p>
      <p data-testid="age-check-status">
        {t(`ageCheck.status.${state.status}`, { birthday: state.birthday ?? "" })}
      </p>
      {state.status === "rejected" && state.reason ? (
        <p data-testid="age-check-reason">
          {t("ageCheck.rejectedReason", { reason: state.reason })}
        </p>
      ) : null}
      {open ? (
        <Form
          method="post"
          action="/member/security#age-check"
          encType="multipart/form-data"
          className="stack-form"
          noValidate
          data-testid="age-check-form"
        >
          {/* Before the file: the server reads these even when it stops at a too-large file. */}
          <HoneypotField />
          <Field
            name="birthday"
            type="date"
            autoComplete="bday"
            label={t("ageCheck.birthday")}
            defaultValue={values.birthday ?? state.birthday ?? ""}
            min="1900-01-01"
            max={state.latestBirthday}
            errors={errors.birthday}
            required
          />
          <Field
            name="proofs"
            type="file"
            accept="image/png,image/jpeg"
            label={t("ageCheck.document")}
            hint={t("ageCheck.documentHint")}
            errors={errors.proofs}
            required
          />
          <FormErrors errors={errors[""]} />
          <button type="submit" className="button primary">
            {t("ageCheck.submit")}
          </button>
        </Form>
      ) : null}
    </SecurityCard>
  );
}
