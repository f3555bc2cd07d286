import { Form } from "@remix-run/react";
import { HoneypotInputs } from "remix-utils/honeypot/react";
import { Field, FormErrors, formReply, type FormReply } from "~/components/forms/field";
import { useTranslation } from "~/utils/i18n";

/** Redeeming an item (§7 MCS2_redeemPointReward): a quantity, confirmed with the withdraw password. */
export function RedeemForm({
  itemId,
  stock,
  formKey,
  result,
}: {
  itemId: string;
  stock: number;
  formKey: string;
  result?: FormReply;
}) {
  const { t } = useTranslation();
  const { errors, values } = formReply(result);
  return (
    <Form
      method="post"
      action={`/pointMall?area=goods&item=${itemId}`}
      className="stack-form"
      data-testid="redeem-form"
    >
      <HoneypotInputs />
      <input type="hidden" name="intent" value="redeem" />
      <input type="hidden" name="itemId" value={itemId} />
      <input type="hidden" name="idempotencyKey" value={formKey} />
      <Field
        name="quantity"
        type="number"
        min={1}
        max={Math.max(1, Math.min(stock, 99))}
        label={t("pointMall.redeem.quantity")}
        defaultValue={values.quantity ?? "1"}
        errors={errors.quantity}
        required
      />
      <Field
        name="withdrawPassword"
        type="password"
        autoComplete="off"
        label={t("pointMall.withdrawPassword")}
        errors={errors.withdrawPassword}
        required
      />
      <FormErrors errors={errors[""] ?? errors.idempotencyKey ?? errors.itemId} />
      <button type="submit" className="button primary">
        {t("pointMall.redeem.submit")}
      </button>
    </Form>
  );
}
