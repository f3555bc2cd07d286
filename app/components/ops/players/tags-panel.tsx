import { Form } from "@remix-run/react";
import { Field, FormErrors, formReply, type FormReply } from "~/components/forms/field";
import { HoneypotField } from "~/components/forms/honeypot-field";
import { SelectField } from "~/components/member/withdraw/select-field";
import { formatTimestamp } from "~/platform/calendar/datetime";
import { TAG_MAX, TAGS_PER_MEMBER } from "~/platform/players/staff-notes";
import { useTranslation } from "~/utils/i18n";
import { useStaffCan } from "../use-staff-can";
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
            <BrandTagForm brandTags={brandLeft} reply={replyOf("add_tag", "brand")} />
          ) : null}
          <FreeTagForm reply={replyOf("add_tag", "free")} />
        </>
      ) : null}
    </section>
  );
}

/** Adds one of the brand's tags the member does not have yet. */
function BrandTagForm({
  brandTags,
  reply,
}: {
  brandTags: BrandTagView[];
  reply: ReturnType<typeof formReply>;
}) {
  const { t } = useTranslation();
  const labelOf = useTagLabel(brandTags);
  return (
    <Form method="post" className="stack-form" data-testid="player-tag-brand-form">
      <HoneypotField />
      <input type="hidden" name="intent" value="add_tag" />
      <input type="hidden" name="kind" value="brand" />
      <SelectField
        name="tag"
        label={t("opsPlayers.notes.brandTag")}
        defaultValue={reply.values.tag ?? ""}
        errors={reply.errors.tag}
        required
      >
        <option value="" disabled>
          —
        </option>
        {brandTags.map(({ code }) => (
          <option key={code} value={code}>
            {labelOf(code).label}
          </option>
        ))}
      </SelectField>
      <FormErrors errors={reply.errors[""]} />
      <button type="submit" className="button" data-testid="player-tag-brand-add">
        {t("opsPlayers.notes.addTag")}
      </button>
    </Form>
  );
}

/** Adds staff's own word as a tag (normalised by the server: lower-case, spaces as "_"). */
function FreeTagForm({ reply }: { reply: ReturnType<typeof formReply> }) {
  const { t } = useTranslation();
  return (
    <Form method="post" className="stack-form" data-testid="player-tag-free-form">
      <HoneypotField />
      <input type="hidden" name="intent" value="add_tag" />
      <input type="hidden" name="kind" value="free" />
      <Field
        name="tag"
        label={t("opsPlayers.notes.freeTag")}
        hint={t("opsPlayers.notes.freeTagHint", { max: TAG_MAX })}
        defaultValue={reply.values.tag ?? ""}
        errors={reply.errors.tag}
        maxLength={TAG_MAX * 2}
        autoComplete="off"
        dir="auto"
        required
      />
      <FormErrors errors={reply.errors[""]} />
      <button type="submit" className="button" data-testid="player-tag-free-add">
        {t("opsPlayers.notes.addTag")}
      </button>
    </Form>
  );
}
