import type { SubmissionResult } from "@conform-to/react";
import { Link } from "@remix-run/react";
import type { PromotionCardData } from "~/components/rewards/types";
import { useTranslation } from "~/utils/i18n";
import { PromotionForm } from "./promotion-form";
import { PromotionPreview } from "./promotion-preview";
import { PromotionStatusForms } from "./promotion-status-forms";
import type { Currency, PromotionFieldValues } from "./types";

/** The new and edit pages' loader data (see app/routes/ops+/__promotion-form.server.ts). */
export interface PromotionEditorData {
  title: string;
  promotionId: string | null;
  status: string | null;
  values: PromotionFieldValues;
  currency: Currency;
  timeZone: string;
  note: string | null;
}

/** A refused post or a preview (a saved one redirects). */
export interface PromotionEditorReply {
  intent: string;
  result: SubmissionResult<string[]>;
  preview: PromotionCardData | null;
}

/** /ops/promotions/new and /ops/promotions/$promotionId: the note of what was just done, status, preview and form. */
export function PromotionEditor({
  data,
  reply,
}: {
  data: PromotionEditorData;
  reply: PromotionEditorReply | undefined;
}) {
  const { t } = useTranslation();
  const action = data.promotionId ? `/ops/promotions/${data.promotionId}` : "/ops/promotions/new";
  return (
    <div className="ops-promotions">
      <section className="member-card" aria-labelledby="ops-promotion-title">
        <p>
          <Link to="/ops/promotions">{t("opsPromotions.back")}</Link>
        </p>
        <h1 id="ops-promotion-title">{data.title}</h1>
        {data.note && !reply ? (
          <p className="form-success" role="status" data-testid="ops-promotion-note">
            {t(`opsPromotions.form.note.${data.note}`)}
          </p>
        ) : null}
        {data.promotionId && data.status ? (
          <PromotionStatusForms
            action={action}
            status={data.status}
            result={reply?.intent === "status" ? reply.result : undefined}
          />
        ) : null}
      </section>
      {reply?.preview ? (
        <PromotionPreview
          promotion={reply.preview}
          currency={data.currency}
          timeZone={data.timeZone}
        />
      ) : null}
      <section className="member-card" aria-labelledby="ops-promotion-title">
        <PromotionForm
          action={action}
          values={data.values}
          result={reply?.intent === "status" ? undefined : reply?.result}
          currency={data.currency}
          timeZone={data.timeZone}
        />
      </section>
    </div>
  );
}
