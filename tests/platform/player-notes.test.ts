import { sql } from "kysely";
import { describe, expect, test } from "vitest";
import { OPERATOR_TYPE } from "~/platform/identity/member-types";
import { addNote, playerNotes } from "~/platform/players/notes.server";
import { normaliseTag, TAGS_PER_MEMBER } from "~/platform/players/staff-notes";
import { addTag, playerTags, removeTag } from "~/platform/players/tags.server";
import { auditEntries } from "../helpers/audit";
import { useSeededDatabase } from "../helpers/database";
import { insertMember } from "../helpers/wallet";
import { operatorId } from "../helpers/withdrawals";

/**
 * Staff notes and tags on a real database: a note is listed newest first with
 * its writer and role and can never be changed or removed (the database
 * refuses), tags are normalised, held once per member and limited, and every
 * write is audited with who, before and after.
 */

const seeded = useSeededDatabase();

async function staffAct(role = "support") {
  const id = await operatorId(seeded.db);
  return { operatorId: id, context: { ip: "192.0.2.7", userAgent: "vitest", staff: { id, role } } };
}

const auditOf = (memberId: string, event: string) => auditEntries(seeded.db, memberId, event);

describe("staff notes", () => {
  test("are listed newest first with who wrote them, under which role, and audited", async () => {
    const db = seeded.db;
    const member = await insertMember(db);
    await addNote(
      db,
      { memberId: member, text: "  Called about a late withdrawal.  " },
      await staffAct(),
    );
    await addNote(
      db,
      { memberId: member, text: "Sent the payout proof.\nAsked to wait a day." },
      await staffAct("compliance"),
    );

    const { rows, total } = await playerNotes(db, member, { offset: 0, limit: 10 });
    expect(total).toBe(2);
    expect(rows.map((note) => note.text)).toEqual([
      "Sent the payout proof.\nAsked to wait a day.",
      "Called about a late withdrawal.",
    ]);
    expect(rows[0]!.staff).toEqual({
      id: await operatorId(db),
      account: "ops01",
      role: "compliance",
    });
    expect(rows[1]!.staff.role).toBe("support");

    const [entry] = await auditOf(member, "player_note_added");
    expect(entry).toMatchObject({
      staff_id: await operatorId(db),
      staff_role: "support",
      target_type: "member",
      target_id: member,
      before: null,
      after: { noteId: rows[1]!.id, text: "Called about a late withdrawal." },
    });
  });

  test("cannot be edited, deleted or truncated, whoever asks", async () => {
    const db = seeded.db;
    const member = await insertMember(db);
    const id = await addNote(db, { memberId: member, text: "First contact." }, await staffAct());
    await expect(
      sql`update player_notes set body = 'rewritten' where id = ${id}`.execute(db),
    ).rejects.toThrow(/append-only/);
    await expect(sql`delete from player_notes where id = ${id}`.execute(db)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`truncate player_notes`.execute(db)).rejects.toThrow(/append-only/);
    expect((await playerNotes(db, member, { offset: 0, limit: 10 })).rows[0]!.text).toBe(
      "First contact.",
    );
  });

  test("the database refuses an empty, padded or too long note that slipped past the app", async () => {
    const db = seeded.db;
    const member = await insertMember(db);
    const staff = await operatorId(db);
    for (const body of ["", " padded ", "x".repeat(2001)]) {
      await expect(
        db
          .insertInto("player_notes")
          .values({ member_id: member, body, staff_id: staff, staff_role: "support" })
          .execute(),
      ).rejects.toThrow(/check constraint/);
    }
  });

  test("refuse an empty note, a staff account and a member that does not exist", async () => {
    const db = seeded.db;
    const act = await staffAct();
    const member = await insertMember(db);
    const staffMember = await insertMember(db, { type: OPERATOR_TYPE });
    await expect(addNote(db, { memberId: member, text: "   " }, act)).rejects.toMatchObject({
      code: "note_invalid",
    });
    await expect(addNote(db, { memberId: staffMember, text: "hi" }, act)).rejects.toMatchObject({
      code: "player_not_found",
    });
    await expect(addNote(db, { memberId: "999999999", text: "hi" }, act)).rejects.toMatchObject({
      code: "player_not_found",
    });
  });
});

describe("tags", () => {
  test("are normalised: trimmed, lower-case, spaces as _, letters of any script, nothing else", () => {
    expect(normaliseTag("  High risk ")).toBe("high_risk");
    expect(normaliseTag("ＶＩＰ")).toBe("vip");
    expect(normaliseTag("Chargeback-2026")).toBe("chargeback-2026");
    expect(normaliseTag("مشکوک")).toBe("مشکوک");
    expect(normaliseTag("")).toBeNull();
    expect(normaliseTag("   ")).toBeNull();
    expect(normaliseTag("<script>")).toBeNull();
    expect(normaliseTag("-leading")).toBeNull();
    expect(normaliseTag("x".repeat(33))).toBeNull();
    expect(normaliseTag("x".repeat(32))).toBe("x".repeat(32));
  });

  test("are added once, removed, and audited with the member's tags before and after", async () => {
    const db = seeded.db;
    const member = await insertMember(db);
    const act = await staffAct();
    expect(await addTag(db, { memberId: member, tag: "vip" }, act)).toBe("vip");
    expect(await addTag(db, { memberId: member, tag: "Slow Payer" }, act)).toBe("slow_payer");
    await expect(addTag(db, { memberId: member, tag: "VIP " }, act)).rejects.toMatchObject({
      code: "tag_exists",
    });
    await expect(addTag(db, { memberId: member, tag: "no way!" }, act)).rejects.toMatchObject({
      code: "tag_invalid",
    });
    expect((await playerTags(db, member)).map(({ tag, addedBy }) => [tag, addedBy])).toEqual([
      ["slow_payer", "ops01"],
      ["vip", "ops01"],
    ]);

    await removeTag(db, { memberId: member, tag: "vip" }, act);
    await expect(removeTag(db, { memberId: member, tag: "vip" }, act)).rejects.toMatchObject({
      code: "tag_not_found",
    });
    expect((await playerTags(db, member)).map(({ tag }) => tag)).toEqual(["slow_payer"]);

    const added = await auditOf(member, "player_tag_added");
    expect(added.map((entry) => [entry.before, entry.after])).toEqual([
      [{ tags: [] }, { tags: ["vip"] }],
      [{ tags: ["vip"] }, { tags: ["slow_payer", "vip"] }],
    ]);
    const [removed] = await auditOf(member, "player_tag_removed");
    expect(removed).toMatchObject({
      staff_role: "support",
      target_type: "member",
      target_id: member,
      before: { tags: ["slow_payer", "vip"] },
      after: { tags: ["slow_payer"] },
      detail: { tag: "vip" },
    });
  });

  test("a member holds at most TAGS_PER_MEMBER; the database holds each tag once per member", async () => {
    const db = seeded.db;
    const member = await insertMember(db);
    const act = await staffAct();
    for (let n = 0; n < TAGS_PER_MEMBER; n++)
      await addTag(db, { memberId: member, tag: `tag-${n}` }, act);
    await expect(addTag(db, { memberId: member, tag: "one-more" }, act)).rejects.toMatchObject({
      code: "tags_full",
    });
    await expect(
      db
        .insertInto("player_tags")
        .values({ member_id: member, tag: "tag-0", added_by: act.operatorId })
        .execute(),
    ).rejects.toThrow(/duplicate key|unique/);
    for (const tag of ["Upper", "two words", "x".repeat(33)]) {
      await expect(
        db
          .insertInto("player_tags")
          .values({ member_id: member, tag, added_by: act.operatorId })
          .execute(),
      ).rejects.toThrow(/check constraint/);
    }
  });
});
