import { Form } from "@remix-run/react";
import { useId } from "react";
import { Field, FormErrors, formReply, type FormReply } from "~/components/forms/field";
import { SelectField } from "~/components/member/withdraw/select-field";
import { useStaffCan } from "~/components/ops/use-staff-can";
import { useTranslation } from "~/utils/i18n";

export interface GoodsFormValues {
  name: string;
  icon: string;
  kind: string;
  pointsPrice: string;
  amountRequirement: string;
  cashValue: string;
  stock: string;
  enabled: boolean;
}

/** An item of the mall as the operator edits it (new when `item` is null). */
export function GoodsForm({
  item,
  icons,
  currencySymbol,
  result,
}: {
  item: GoodsFormValues | null;
  icons: readonly string[];
  currencySymbol: string;
  result?: FormReply;
}) {
  const can = useStaffCan("points.manage");
  const { t } = useTranslation();
  const enabledId = useId();
  const { errors, values } = formReply(result);
  const value = (name: keyof GoodsFormValues) =>
    values[name] ?? (item ? String(item[name]) : undefined);
  // Offered only to a role that may use it (the action checks again).
  if (!can) return null;
  return (
    <Form method="post" className="stack-form" data-testid="ops-goods-form">
      <Field
        name="name"
        label={t("opsPoints.goods.name")}
        maxLength={80}
        defaultValue={value("name")}
        errors={errors.name}
        required
      />
      <SelectField
        name="icon"
        label={t("opsPoints.goods.icon")}
        defaultValue={value("icon") ?? "gift"}
        errors={errors.icon}
      >
        {icons.map((icon) => (
          <option key={icon} value={icon}>
            {t(`opsPoints.icons.${icon}`)}
          </option>
        ))}
      </SelectField>
      <SelectField
        name="kind"
        label={t("opsPoints.goods.kind")}
        defaultValue={value("kind") ?? "physical"}
        errors={errors.kind}
      >
        {(["physical", "virtual"] as const).map((kind) => (
          <option key={kind} value={kind}>
            {t(`pointMall.kind.${kind}`)}
          </option>
        ))}
      </SelectField>
      <Field
        name="pointsPrice"
        inputMode="numeric"
        label={t("pointMall.columns.pointsRequirement")}
        defaultValue={value("pointsPrice")}
        errors={errors.pointsPrice}
        required
      />
      <Field
        name="amountRequirement"
        inputMode="decimal"
        label={t("opsPoints.goods.amountRequirement", { currency: currencySymbol })}
        hint={t("opsPoints.goods.amountHint")}
        defaultValue={value("amountRequirement") ?? "0"}
        errors={errors.amountRequirement}
      />
      <Field
        name="cashValue"
        inputMode="decimal"
        label={t("opsPoints.goods.cashValue", { currency: currencySymbol })}
        hint={t("opsPoints.goods.cashHint")}
        defaultValue={value("cashValue") ?? "0"}
        errors={errors.cashValue}
      />
      <Field
        name="stock"
        inputMode="numeric"
        label={t("opsPoints.goods.stock")}
        defaultValue={value("stock")}
        errors={errors.stock}
        required
      />
      <label className="checkbox" htmlFor={enabledId}>
        <input
          id={enabledId}
          type="checkbox"
          name="enabled"
          defaultChecked={result ? values.enabled === "on" : (item?.enabled ?? true)}
        />{" "}
        {t("opsPoints.goods.enabled")}
      </label>
      <FormErrors errors={errors[""]} />
      <button type="submit" className="button primary">
        {t("opsPoints.goods.save")}
      </button>
    </Form>
  );
}
