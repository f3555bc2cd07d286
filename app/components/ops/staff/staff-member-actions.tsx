import { Form } from "@remix-run/react";
import { FormErrors, formReply, type FormReply } from "~/components/forms/field";
import { HoneypotField } from "~/components/forms/honeypot-field";
import { SelectField } from "~/components/member/withdraw/select-field";
import { useTranslation } from "~/utils/i18n";

/** One small form per change, each a plain post back to the account's page. */
function IntentForm({
  intent,
  label,
  explanation,
  errors,
}: {
  intent: "disable" | "enable" | "reenrol";
  label: string;
  explanation: string;
  errors?: string[] | null;
}) {
  return (
    <Form method="post" className="stack-form">
      <HoneypotField />
      <input type="hidden" name="intent" value={intent} />
      <p className="muted">{explanation}</p>
      <FormErrors errors={errors} />
      <button type="submit" className="button" data-testid={`ops-staff-${intent}`}>
        {label}
      </button>
    </Form>
  );
}

/**
 * What a staff manager may do to an account: change its role, disable or
 * enable it, re-enrol it. Not one's own account's disabling or re-enrolment.
 */
export function StaffMemberActions({
  member,
  roles,
  self,
  failed,
}: {
  member: { roleId: string; disabled: boolean };
  roles: { id: string; name: string }[];
  self: boolean;
  /** The refused change (its intent) and what was refused. */
  failed?: { intent: string; result: FormReply } | null;
}) {
  const { t } = useTranslation();
  const errorsOf = (intent: string) =>
    failed?.intent === intent ? formReply(failed.result).errors : {};
  const roleErrors = errorsOf("role");
  return (
    <>
      <Form method="post" className="stack-form" data-testid="ops-staff-role-form">
        <HoneypotField />
        <input type="hidden" name="intent" value="role" />
        <SelectField
          name="roleId"
          label={t("staffOps.field.role")}
          defaultValue={member.roleId}
          errors={roleErrors.roleId}
        >
          {roles.map((role) => (
            <option key={role.id} value={role.id}>
              {role.name}
            </option>
          ))}
        </SelectField>
        <FormErrors errors={roleErrors[""]} />
        <button type="submit" className="button primary" data-testid="ops-staff-role-save">
          {t("staffOps.member.changeRole")}
        </button>
      </Form>
      {member.disabled ? (
        <IntentForm
          intent="enable"
          label={t("staffOps.member.enable")}
          explanation={t("staffOps.member.enableHint")}
          errors={errorsOf("enable")[""]}
        />
      ) : self ? null : (
        <IntentForm
          intent="disable"
          label={t("staffOps.member.disable")}
          explanation={t("staffOps.member.disableHint")}
          errors={errorsOf("disable")[""]}
        />
      )}
      {self ? (
        <p className="muted">{t("staffOps.member.selfHint")}</p>
      ) : (
        <IntentForm
          intent="reenrol"
          label={t("staffOps.member.reenrol")}
          explanation={t("staffOps.member.reenrolHint")}
          errors={errorsOf("reenrol")[""]}
        />
      )}
    </>
  );
}
