import { Form } from "@remix-run/react";
import { Field, FormErrors, formReply, type FormReply } from "~/components/forms/field";
import { HoneypotField } from "~/components/forms/honeypot-field";
import { useTranslation } from "~/utils/i18n";
import { useStaffCan } from "../use-staff-can";

/** The permissions a failed post sent (one tick is a string, several a list), or null before any post. */
function sentPermissions(result: FormReply | undefined): string[] | null {
  if (!result) return null;
  const sent = result.initialValue?.permissions;
  if (Array.isArray(sent)) return sent.filter((value) => typeof value === "string");
  return typeof sent === "string" ? [sent] : [];
}

/**
 * A role's permissions as tick boxes, one group per area; a new role (`name`
 * null) also takes its name. Read-only for a viewer who may not manage staff.
 */
export function RoleForm({
  name,
  permissions,
  areas,
  result,
}: {
  name: string | null;
  permissions: readonly string[];
  areas: { area: string; permissions: readonly string[] }[];
  result?: FormReply;
}) {
  const { t } = useTranslation();
  const canManage = useStaffCan("staff.manage");
  // A reader sees the role's ticks, in no form: nothing it could send.
  const Wrapper = canManage ? Form : "div";
  const { errors, values } = formReply(result);
  const ticked = new Set(sentPermissions(result) ?? permissions);
  return (
    <Wrapper
      {...(canManage ? { method: "post" as const } : {})}
      className="stack-form"
      data-testid="ops-role-form"
    >
      {canManage ? <HoneypotField /> : null}
      {name === null ? (
        <Field
          name="name"
          label={t("staffOps.role.name")}
          hint={t("staffOps.role.nameRule")}
          maxLength={32}
          autoComplete="off"
          defaultValue={values.name}
          errors={errors.name}
          required
        />
      ) : null}
      <div className="role-areas">
        {areas.map(({ area, permissions: inArea }) => (
          <fieldset key={area} data-testid={`ops-role-area-${area}`}>
            <legend>{t(`staffOps.areas.${area}`)}</legend>
            {inArea.map((permission) => (
              <label key={permission} className="checkbox">
                <input
                  type="checkbox"
                  name="permissions"
                  value={permission}
                  defaultChecked={ticked.has(permission)}
                  disabled={!canManage}
                />{" "}
                {t(`staffOps.acts.${permission.split(".")[1]}`)}{" "}
                <code dir="ltr" className="muted">
                  {permission}
                </code>
              </label>
            ))}
          </fieldset>
        ))}
      </div>
      <div className="field-error" role={errors.permissions ? "alert" : undefined}>
        {errors.permissions?.[0] ?? ""}
      </div>
      <FormErrors errors={errors[""]} />
      {canManage ? (
        <button type="submit" className="button primary" data-testid="ops-role-save">
          {t(name === null ? "staffOps.role.create" : "staffOps.role.save")}
        </button>
      ) : null}
    </Wrapper>
  );
}
