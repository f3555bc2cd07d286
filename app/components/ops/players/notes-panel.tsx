import { formReply, type FormReply } from "~/components/forms/field";
import { TextareaField } from "~/components/forms/textarea-field";
import { Pager, useSamePageHref } from "~/components/ui/pager";
import { formatTimestamp } from "~/platform/calendar/datetime";
import { NOTE_MAX } from "~/platform/players/staff-notes";
import { useTranslation } from "~/utils/i18n";
import { useStaffCan } from "../use-staff-can";
import { ActForm } from "./act-form";

/** What the page says after an act of the notes tab (`?done=`). */
export const NOTES_DONE = ["noteAdded", "tagAdded", "tagRemoved"] as const;

/** The label of what the page says after an act (`?done=`): the notes tab's, or an account action's. */
export const doneLabel = (what: string) =>
  (NOTES_DONE as readonly string[]).includes(what)
    ? `opsPlayers.notes.done.${what}`
    : `opsPlayers.suspension.done.${what}`;

/** A staff note, as JSON. */
export interface StaffNoteView {
  id: string;
  text: string;
  at: string;
  staff: { id: string; account: string; role: string };
}

/**
 * Staff notes on the member, newest first: the text, who wrote it (the staff
 * account and its role then) and when; with `players.note`, a form to write
 * one. Notes cannot be edited or deleted, so the form says so.
 */
export function NotesPanel({
  notes,
  page,
  pageCount,
  failed,
  timeZone,
}: {
  notes: StaffNoteView[];
  page: number;
  pageCount: number;
  failed: { intent: string; result: FormReply } | null | undefined;
  timeZone: string;
}) {
  const { t } = useTranslation();
  const pageHref = useSamePageHref();
  const canWrite = useStaffCan("players.note");
  const reply = formReply(failed?.intent === "add_note" ? failed.result : null);
  return (
    <section aria-labelledby="player-notes-title" data-testid="player-notes">
      <h2 id="player-notes-title">{t("opsPlayers.notes.title")}</h2>
      {canWrite ? (
        <ActForm
          intent="add_note"
          errors={reply.errors[""]}
          submit={t("opsPlayers.notes.add")}
          primary
          testId="player-note-form"
          submitTestId="player-note-add"
        >
          <TextareaField
            name="text"
            label={t("opsPlayers.notes.text")}
            hint={t("opsPlayers.notes.textHint", { max: NOTE_MAX })}
            defaultValue={reply.values.text ?? ""}
            errors={reply.errors.text}
            maxLength={NOTE_MAX}
            rows={4}
            dir="auto"
            required
          />
        </ActForm>
      ) : null}
      {notes.length === 0 ? (
        <p className="empty-state" data-testid="player-notes-none">
          {t("opsPlayers.notes.none")}
        </p>
      ) : (
        <ol className="player-notes" data-testid="player-note-list">
          {notes.map((note) => (
            <li key={note.id} data-testid="player-note">
              <p className="player-note-text" dir="auto">
                {note.text}
              </p>
              <p className="muted" data-testid="player-note-by">
                {t("opsPlayers.notes.by", {
                  account: note.staff.account,
                  role: note.staff.role,
                  at: formatTimestamp(note.at, timeZone),
                })}
              </p>
            </li>
          ))}
        </ol>
      )}
      <Pager pageNum={page} totalPages={pageCount} pageHref={pageHref} />
    </section>
  );
}
