import { audit, type OperatorAct } from "../audit/audit.server";
import type { Database } from "../db/open.server";
import { inTransaction } from "../db/transaction.server";
import { PlatformError } from "../errors";
import { lockedPlayer } from "./account-status.server";
import { NOTE_MAX } from "./staff-notes";

/**
 * Staff notes on a member: what staff learnt about it and when, for the next
 * staff member to read. A note is written once and never changed or removed
 * (the database refuses it), so the list is a record, not a draft.
 */

/** A note as the player page lists it. */
export interface StaffNote {
  id: string;
  text: string;
  at: string;
  staff: { id: string; account: string; role: string };
}

/** The member's notes, newest first, a page at a time, and how many there are. */
export async function playerNotes(
  db: Database,
  memberId: string,
  page: { offset: number; limit: number },
): Promise<{ rows: StaffNote[]; total: number }> {
  const own = db.selectFrom("player_notes").where("player_notes.member_id", "=", memberId);
  const [rows, count] = await Promise.all([
    own
      .innerJoin("members as staff", "staff.id", "player_notes.staff_id")
      .select([
        "player_notes.id",
        "player_notes.body",
        "player_notes.created_at",
        "player_notes.staff_id",
        "player_notes.staff_role",
        "staff.account as staff_account",
      ])
      .orderBy("player_notes.id", "desc")
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    own.select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return {
    total: Number(count.n),
    rows: rows.map((row) => ({
      id: row.id,
      text: row.body,
      at: new Date(row.created_at).toISOString(),
      staff: { id: row.staff_id, account: row.staff_account, role: row.staff_role },
    })),
  };
}

/**
 * Adds a note by the acting staff member, under its role of the moment; audited with the
 * text. `player_not_found` for no such member (or a staff account); `note_invalid` for
 * text that is empty once trimmed or longer than NOTE_MAX (the form says so first).
 */
export function addNote(
  db: Database,
  input: { memberId: string; text: string },
  act: OperatorAct,
): Promise<string> {
  const text = input.text.trim();
  return inTransaction(db, async (trx) => {
    const player = await lockedPlayer(trx, input.memberId);
    if (text === "" || text.length > NOTE_MAX) throw new PlatformError("note_invalid");
    const role = act.context.staff?.role;
    if (!role) throw new Error("a staff note needs the staff member's role");
    const note = await trx
      .insertInto("player_notes")
      .values({ member_id: player.id, body: text, staff_id: act.operatorId, staff_role: role })
      .returning("id")
      .executeTakeFirstOrThrow();
    await audit(trx, "player_note_added", act.context, {
      memberId: player.id,
      account: player.account,
      target: { type: "member", id: player.id },
      before: null,
      after: { noteId: note.id, text },
    });
    return note.id;
  });
}
