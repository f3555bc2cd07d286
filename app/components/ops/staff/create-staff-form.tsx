import { Field, FormErrors, formReply, type FormReply } from "~/components/forms/field";
import { HoneypotField } from "~/components/forms/honeypot-field";
import { SelectField } from "~/components/member/withdraw/select-field";
import { useTranslation } from "~/utils/i18n";
import { StaffForm } from "../staff-form";

/** A new staff account: its name and role (the password is its owner's to choose, through the link). */
export function CreateStaffForm({
  roles,
  result,
}: {
  roles: { id: string; name: string }[];
  result?: FormReply;
}) {
  const { t } = useTranslation();
  const { errors, values } = formReply(result);
  return (
    <StaffForm
      permission="staff.manage"
      className="stack-form"
      data-testid="ops-staff-create-form"
      aria-labelledby="ops-staff-create-title"
    >
      <h2 id="ops-staff-create-title">{t("staffOps.create.title")}</h2>
      <HoneypotField />
      <Field
        name="account"
        label={t("staffOps.field.account")}
        hint={t("staffOps.create.accountRule")}
        autoComplete="off"
        maxLength={32}
        defaultValue={values.account}
        errors={errors.account}
        required
      />
      <SelectField
        name="roleId"
        label={t("staffOps.field.role")}
        defaultValue={values.roleId ?? roles.find((role) => role.name === "read-only")?.id}
        errors={errors.roleId}
      >
        {roles.map((role) => (
          <option key={role.id} value={role.id}>
            {role.name}
          </option>
        ))}
      </SelectField>
      <FormErrors errors={errors[""]} />
      <button type="submit" className="button primary" data-testid="ops-staff-create">
        {t("staffOps.create.submit")}
      </button>
    </StaffForm>
  );
}
