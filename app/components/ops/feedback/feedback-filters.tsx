import { Form } from "@remix-run/react";
import { FilterSelect } from "~/components/member/records/filter-select";
import { useTranslation } from "~/utils/i18n";

/** Status and question type as GET URL state, so the queue filters without JavaScript and links keep the filter. */
export function FeedbackFilters({
  filter,
  statuses,
  types,
}: {
  filter: { status: string; type: string };
  statuses: readonly string[];
  types: readonly string[];
}) {
  const { t } = useTranslation();
  return (
    <Form method="get" action="/ops/feedback" className="filters" role="search">
      <FilterSelect
        name="status"
        label={t("feedback.ops.status")}
        value={filter.status}
        allLabel={t("feedback.ops.all")}
        options={statuses.map((value) => ({ value, label: t(`feedback.statuses.${value}`) }))}
      />
      <FilterSelect
        name="type"
        label={t("feedback.questionType")}
        value={filter.type}
        allLabel={t("feedback.ops.all")}
        options={types.map((value) => ({ value, label: t(`feedback.types.${value}`) }))}
      />
      <button type="submit" className="button">
        {t("feedback.ops.show")}
      </button>
    </Form>
  );
}
