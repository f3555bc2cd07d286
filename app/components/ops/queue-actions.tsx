import type { SubmissionResult } from "@conform-to/react";
import type { ReactNode } from "react";
import { Field, FormErrors } from "~/components/forms/field";
import { DecisionForm } from "~/components/ops/decision-form";
import { useTranslation } from "~/utils/i18n";
import { useStaffCan } from "./use-staff-can";

/** Where the operator is in the queue: every action posts it back so the redirect returns there. */
export interface QueuePlace {
  filter: string;
  page: number;
}

function ActionForm({
  intent,
  withdrawalId,
  place,
  label,
  children,
}: {
  intent: string;
  withdrawalId: string;
  place: QueuePlace;
  label: string;
  children?: ReactNode;
}) {
  return (
    // The queue's place is in the URL too, so an error page shows the same view.
    <DecisionForm
      permission={intent === "pay" ? "withdrawals.pay" : "withdrawals.decide"}
      action={`/ops/withdrawals?status=${place.filter}&page=${place.page}`}
      intent={intent}
      hidden={{ withdrawalId, status: place.filter, page: place.page }}
      label={label}
      testId={`ops-${intent}`}
    >
      {children}
    </DecisionForm>
  );
}

/**
 * The decisions a withdrawal's state allows: pending → approve or
 * reject; approved → mark paid or reject; disputed → close as received or
 * refund the remaining amount. Paid waits for the member.
 */
export function QueueActions({
  withdrawal,
  place,
  result,
}: {
  withdrawal: { id: string; status: string; approvedByViewer?: boolean };
  place: QueuePlace;
  result?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation();
  // Only what the role may do is offered: deciding (approve, reject, settle a dispute) and paying.
  const may = { decide: useStaffCan("withdrawals.decide"), pay: useStaffCan("withdrawals.pay") };
  const errors = result?.error ?? {};
  const { id, status } = withdrawal;
  const reject = (
    <ActionForm intent="reject" withdrawalId={id} place={place} label={t("ops.queue.reject")}>
      <Field
        name="reason"
        label={t("ops.queue.reason")}
        hint={t("ops.queue.reasonHint")}
        maxLength={140}
        errors={errors.reason}
        required
      />
    </ActionForm>
  );
  const approve = may.decide && status === "pending";
  const pay = may.pay && status === "approved" && !withdrawal.approvedByViewer;
  const fourEyes = may.pay && status === "approved" && withdrawal.approvedByViewer;
  const rejectable = may.decide && (status === "pending" || status === "approved");
  const settle = may.decide && status === "disputed";
  return (
    <div className="ops-actions">
      {approve ? (
        <ActionForm
          intent="approve"
          withdrawalId={id}
          place={place}
          label={t("ops.queue.approve")}
        />
      ) : null}
      {fourEyes ? (
        <p className="muted" data-testid="ops-four-eyes">
          {t("ops.queue.fourEyes")}
        </p>
      ) : null}
      {pay ? (
        <ActionForm intent="pay" withdrawalId={id} place={place} label={t("ops.queue.markPaid")} />
      ) : null}
      {rejectable ? reject : null}
      {settle ? (
        <>
          <ActionForm
            intent="forced"
            withdrawalId={id}
            place={place}
            label={t("ops.queue.forced")}
          />
          <ActionForm
            intent="refund"
            withdrawalId={id}
            place={place}
            label={t("ops.queue.refund")}
          />
        </>
      ) : null}
      {!approve && !pay && !fourEyes && !rejectable && !settle ? (
        <span className="muted">{t("ops.queue.noAction")}</span>
      ) : null}
      <FormErrors errors={errors[""]} />
    </div>
  );
}
