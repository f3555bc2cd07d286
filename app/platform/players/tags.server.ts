import { audit, type OperatorAct } from "../audit/audit.server";
import type { Database } from "../db/open.server";
import { inTransaction } from "../db/transaction.server";
import { PlatformError } from "../errors";
import { lockedPlayer } from "./account-status.server";
import { normaliseTag, TAGS_PER_MEMBER } from "./staff-notes";

/**
 * Tags staff put on a member (the brand's, such as `vip` or `high_risk`, or
 * staff's own words), shown on every tab of the player page and found by the
 * player search. Each change takes the member row's lock, so two staff members
 * tagging at once see each other's result, and is audited with the member's
 * tags before and after.
 */

/** A tag on a member, with who put it there and when. */
export interface PlayerTag {
  tag: string;
  addedAt: string;
  addedBy: string;
}

/** The member's tags, in alphabetical order. */
export async function playerTags(db: Database, memberId: string): Promise<PlayerTag[]> {
  const rows = await db
    .selectFrom("player_tags")
    .innerJoin("members as staff", "staff.id", "player_tags.added_by")
    .select(["player_tags.tag", "player_tags.added_at", "staff.account"])
    .where("player_tags.member_id", "=", memberId)
    .orderBy("player_tags.tag")
    .execute();
  return rows.map((row) => ({
    tag: row.tag,
    addedAt: new Date(row.added_at).toISOString(),
    addedBy: row.account,
  }));
}

/** The member's tags under its row's lock, and the member. */
async function lockedTags(trx: Database, memberId: string) {
  const player = await lockedPlayer(trx, memberId);
  const rows = await trx
    .selectFrom("player_tags")
    .select("tag")
    .where("member_id", "=", player.id)
    .execute();
  return { player, tags: rows.map((row) => row.tag).sort() };
}

/** A tag's change in the audit trail: the tag, and the member's tags before and after. */
function auditTags(
  trx: Database,
  event: "player_tag_added" | "player_tag_removed",
  act: OperatorAct,
  player: { id: string; account: string },
  change: { tag: string; before: string[] },
) {
  const after =
    event === "player_tag_added"
      ? [...change.before, change.tag].sort()
      : change.before.filter((held) => held !== change.tag);
  return audit(trx, event, act.context, {
    memberId: player.id,
    account: player.account,
    target: { type: "member", id: player.id },
    before: { tags: change.before },
    after: { tags: after },
    detail: { tag: change.tag },
  });
}

/**
 * Puts a tag on a member, as normaliseTag writes it. `tag_invalid` for text that is no
 * tag, `tag_exists` when the member has it already, `tags_full` at TAGS_PER_MEMBER.
 */
export function addTag(
  db: Database,
  input: { memberId: string; tag: string },
  act: OperatorAct,
): Promise<string> {
  return inTransaction(db, async (trx) => {
    const { player, tags } = await lockedTags(trx, input.memberId);
    const tag = normaliseTag(input.tag);
    if (!tag) throw new PlatformError("tag_invalid");
    if (tags.includes(tag)) throw new PlatformError("tag_exists");
    if (tags.length >= TAGS_PER_MEMBER) throw new PlatformError("tags_full");
    await trx
      .insertInto("player_tags")
      .values({ member_id: player.id, tag, added_by: act.operatorId })
      .execute();
    await auditTags(trx, "player_tag_added", act, player, { tag, before: tags });
    return tag;
  });
}

/** Takes a tag off a member; `tag_not_found` when the member does not have it (any more). */
export function removeTag(
  db: Database,
  input: { memberId: string; tag: string },
  act: OperatorAct,
): Promise<void> {
  return inTransaction(db, async (trx) => {
    const { player, tags } = await lockedTags(trx, input.memberId);
    if (!tags.includes(input.tag)) throw new PlatformError("tag_not_found");
    await trx
      .deleteFrom("player_tags")
      .where("member_id", "=", player.id)
      .where("tag", "=", input.tag)
      .execute();
    await auditTags(trx, "player_tag_removed", act, player, { tag: input.tag, before: tags });
  });
}
