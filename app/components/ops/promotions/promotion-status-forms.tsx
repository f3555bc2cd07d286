import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { FormErrors } from "~/components/forms/field";
import { useStaffCan } from "~/components/ops/use-staff-can";
import { useTranslation } from "~/utils/i18n";

/** Publish and close (the moves the platform allows from the current status), each its own form. */
export function PromotionStatusForms({
  action,
  status,
  result,
}: {
  action: string;
  status: string;
  result?: SubmissionResult<string[]>;
}) {
  const can = useStaffCan("promotions.manage");
  const { t } = useTranslation();
  const move = (to: "published" | "closed", name: "publish" | "close") =>
    status === to ? null : (
      <Form method="post" action={action} className="inline-form">
        <input type="hidden" name="intent" value="status" />
        <input type="hidden" name="status" value={to} />
        <button type="submit" className="button" data-testid={`ops-promotion-${name}`}>
          {t(`opsPromotions.form.${name}`)}
        </button>
      </Form>
    );
  // Offered only to a role that may use it (the action checks again).
  if (!can) return null;
  return (
    <div className="ops-promotion-status" data-testid="ops-promotion-status">
      <p>
        {t("opsPromotions.form.status")}{" "}
        <strong data-testid="ops-promotion-status-value">
          {t(`opsPromotions.status.${status}`)}
        </strong>
      </p>
      <div className="quick-actions">
        {move("published", "publish")}
        {move("closed", "close")}
      </div>
      <FormErrors errors={result?.error?.[""] ?? result?.error?.status} />
    </div>
  );
}
