import { Form, Link, useLocation } from "@remix-run/react";
import { Field } from "~/components/forms/field";
import { FilterSelect } from "~/components/member/records/filter-select";
import { useTranslation } from "~/utils/i18n";

/**
 * The team list's filters as a GET form (works without JavaScript): part of
 * the account name and the level; a new search starts at page 1. The CSV
 * link carries the same query, so the export is what the page shows.
 */
export function TeamFilters({ filters }: { filters: { search: string; level: string } }) {
  const { t } = useTranslation();
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  for (const name of ["transfer", "done", "uplineDone", "registered"]) params.delete(name);
  const csvQuery = params.toString();
  return (
    <section className="member-card records-filter" aria-label={t("agentTeam.team.filters")}>
      <Form method="get" className="filters" key={location.search} data-testid="team-filter">
        <Field
          type="search"
          name="search"
          label={t("agentTeam.team.search")}
          defaultValue={filters.search}
          maxLength={32}
        />
        <FilterSelect
          name="level"
          label={t("agentTeam.team.level")}
          value={filters.level === "all" ? "" : filters.level}
          allLabel={t("agentTeam.team.levelAll")}
          options={[{ value: "direct", label: t("agentTeam.team.levelDirect") }]}
        />
        <div className="field records-submit">
          <button type="submit" className="button primary">
            {t("agentTeam.team.apply")}
          </button>
        </div>
      </Form>
      <p>
        <Link
          reloadDocument
          to={`/agentHome/team.csv${csvQuery ? `?${csvQuery}` : ""}`}
          download
          className="button"
          data-testid="team-csv"
        >
          {t("agentTeam.team.export")}
        </Link>
      </p>
    </section>
  );
}
