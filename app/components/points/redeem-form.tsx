import { Field, formReply, type FormReply } from "~/components/forms/field";
import { useTranslation } from "~/utils/i18n";
import { PointsForm } from "./points-form";

/** Redeeming an item (MCS2_redeemPointReward): a quantity, confirmed with the withdraw password. */
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
    <PointsForm
      intent="redeem"
      action={`/pointMall?area=goods&item=${itemId}`}
      formKey={formKey}
      errors={errors}
      submitLabel={t("pointMall.redeem.submit")}
      testId="redeem-form"
    >
      <input type="hidden" name="itemId" value={itemId} />
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
    </PointsForm>
  );
}
