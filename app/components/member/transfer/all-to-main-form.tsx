import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useTranslation } from "~/utils/i18n";
import { FormKeyInput } from "./form-key-input";
import { FormErrors } from "../../forms/field";

/** "All back to main": every vendor wallet's balance to the main wallet in one step, with its own key. */
export function AllToMainForm({
  formKey,
  result,
}: {
  formKey: string;
  result?: SubmissionResult<string[]> | null;
}) {
  const { t } = useTranslation();
  const errors = result?.error ?? {};
  return (
    <section className="member-card" aria-labelledby="all-to-main-title">
      <h2 id="all-to-main-title">{t("transfer.allToMainTitle")}</h2>
      <p className="muted">{t("transfer.allToMainNote")}</p>
      <Form method="post" className="stack-form" data-testid="all-to-main-form">
        <input type="hidden" name="intent" value="all-to-main" />
        <FormKeyInput formKey={formKey} />
        <FormErrors errors={errors[""]} />
        <button type="submit" className="button">
          {t("transfer.allToMain")}
        </button>
      </Form>
    </section>
  );
}
