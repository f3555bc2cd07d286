import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { ChoiceField } from "~/components/forms/choice-field";
import { Field, FormErrors, formReply, type FormReply } from "~/components/forms/field";
import { HoneypotField } from "~/components/forms/honeypot-field";
import { formatTimestamp } from "~/platform/calendar/datetime";
import { TAG_MAX, TAGS_PER_MEMBER } from "~/platform/players/staff-notes";
import { useTranslation } from "~/utils/i18n";
import { useStaffCan } from "../use-staff-can";
import { ActForm } from "./act-form";
import { useTagLabel, type BrandTagView } from "./tag-label";

/** A tag on the member, as JSON. */
export interface PlayerTagView {
  tag: string;
  addedAt: string;
  addedBy: string;
}

/** A refused act of the page (its intent) and why, with what was typed. */
type Failed = { intent: string; result: FormReply } | null | undefined;

/**
 * The member's tags, each with who added it and when; with `players.note`, a
 * button to remove each and two forms to add one: from the brand's list, or
 * staff's own word.
 */
export function TagsPanel({
  tags,
  brandTags,
  failed,
  timeZone,
}: {
  tags: PlayerTagView[];
  brandTags: BrandTagView[];
  failed: Failed;
  timeZone: string;
}) {
  const { t } = useTranslation();
  const canWrite = useStaffCan("players.note");
  const labelOf = useTagLabel(brandTags);
  const replyOf = (intent: string, kind?: string) =>
    formReply(
      failed?.intent === intent && (!kind || failed.result.initialValue?.kind === kind)
        ? failed.result
        : null,
    );
  const removed = replyOf("remove_tag");
  const brand = replyOf("add_tag", "brand");
  const free = replyOf("add_tag", "free");
  const held = new Set(tags.map(({ tag }) => tag));
  const brandLeft = brandTags.filter(({ code }) => !held.has(code));
  return (
    <section aria-labelledby="player-tags-title" data-testid="player-tags">
      <h2 id="player-tags-title">{t("opsPlayers.notes.tags")}</h2>
      {tags.length === 0 ? (
        <p className="empty-state" data-testid="player-tags-none">
          {t("opsPlayers.notes.tagsNone")}
        </p>
      ) : (
        <ul className="player-tag-list" data-testid="player-tag-list">
          {tags.map(({ tag, addedAt, addedBy }) => {
            const { label, brand } = labelOf(tag);
            return (
              <li key={tag} data-testid="player-tag" data-tag={tag}>
                <strong dir={brand ? undefined : "auto"}>{label}</strong>{" "}
                <span className="muted">
                  {t(brand ? "opsPlayers.notes.kinds.brand" : "opsPlayers.notes.kinds.free")}
                  {" · "}
                  {t("opsPlayers.notes.addedBy", {
                    account: addedBy,
                    at: formatTimestamp(addedAt, timeZone),
                  })}
                </span>
                {canWrite ? (
                  <Form method="post" className="inline-form">
                    <HoneypotField />
                    <input type="hidden" name="intent" value="remove_tag" />
                    <input type="hidden" name="tag" value={tag} />
                    <button
                      type="submit"
                      className="button"
                      aria-label={t("opsPlayers.notes.removeLabel", { tag: label })}
                      data-testid="player-tag-remove"
                    >
                      {t("opsPlayers.notes.remove")}
                    </button>
                  </Form>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      {canWrite ? (
        <>
          <FormErrors errors={removed.errors[""]} />
          <p className="muted">{t("opsPlayers.notes.tagsHint", { max: TAGS_PER_MEMBER })}</p>
          {brandLeft.length > 0 ? (
            <TagForm kind="brand" reply={brand}>
              <ChoiceField
                name="tag"
                label={t("opsPlayers.notes.brandTag")}
                codes={brandLeft.map(({ code }) => code)}
                labelOf={(code) => labelOf(code).label}
                reply={brand}
              />
            </TagForm>
          ) : null}
          <TagForm kind="free" reply={free}>
            <Field
              name="tag"
              label={t("opsPlayers.notes.freeTag")}
              hint={t("opsPlayers.notes.freeTagHint", { max: TAG_MAX })}
              defaultValue={free.values.tag ?? ""}
              errors={free.errors.tag}
              maxLength={TAG_MAX * 2}
              autoComplete="off"
              dir="auto"
              required
            />
          </TagForm>
        </>
      ) : null}
    </section>
  );
}

/** Adds a tag: one of the brand's the member does not have yet, or staff's own word. */
function TagForm({
  kind,
  reply,
  children,
}: {
  kind: "brand" | "free";
  reply: ReturnType<typeof formReply>;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <ActForm
      intent="add_tag"
      fixed={{ kind }}
      errors={reply.errors[""]}
      submit={t("opsPlayers.notes.addTag")}
      testId={`player-tag-${kind}-form`}
      submitTestId={`player-tag-${kind}-add`}
    >
      {children}
    </ActForm>
  );
}
