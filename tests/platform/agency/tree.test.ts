import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requireDirectDownline, requireDownline, teamSize } from "~/platform/agency/tree.server";
import type { DatabaseHandle } from "~/platform/db/open.server";
import { insertAgent } from "../../helpers/agency";
import { createTestDatabase } from "../../helpers/database";
import { codeOf } from "../../helpers/play";
import { insertMember } from "../../helpers/wallet";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle.close());

async function paths(ids: string[]) {
  const rows = await handle.db
    .selectFrom("agent_paths")
    .select(["ancestor", "descendant", "depth"])
    .where("descendant", "in", ids)
    .orderBy("descendant")
    .orderBy("depth")
    .execute();
  return rows.map((row) => `${row.ancestor}>${row.descendant}@${row.depth}`);
}

describe("the closure table", () => {
  it("gains a row per upline, at its depth, when a downline is registered", async () => {
    const top = await insertAgent(handle.db);
    const sub = await insertAgent(handle.db, { parentId: top });
    const member = await insertMember(handle.db, { parentId: sub });
    expect(await paths([top, sub, member])).toEqual([
      `${top}>${top}@0`,
      `${sub}>${sub}@0`,
      `${top}>${sub}@1`,
      `${member}>${member}@0`,
      `${sub}>${member}@1`,
      `${top}>${member}@2`,
    ]);
    expect(await teamSize(handle.db, top)).toBe(2);
    expect(await teamSize(handle.db, sub)).toBe(1);
  });

  it("moves a whole subtree when a member changes upline, and refuses a cycle", async () => {
    const [a, b] = [await insertAgent(handle.db), await insertAgent(handle.db)];
    const sub = await insertAgent(handle.db, { parentId: a });
    const member = await insertMember(handle.db, { parentId: sub });
    await handle.db.updateTable("members").set({ parent_id: b }).where("id", "=", sub).execute();
    expect(await paths([member])).toEqual([
      `${member}>${member}@0`,
      `${sub}>${member}@1`,
      `${b}>${member}@2`,
    ]);
    expect(await teamSize(handle.db, a)).toBe(0);
    await expect(
      handle.db.updateTable("members").set({ parent_id: member }).where("id", "=", b).execute(),
    ).rejects.toThrow(/own downline/);
  });

  it("finds a downline only under the asking agent; a foreign id and a missing one are both not_found", async () => {
    const [a, b] = [await insertAgent(handle.db), await insertAgent(handle.db)];
    const subA = await insertAgent(handle.db, { parentId: a });
    const deep = await insertMember(handle.db, { parentId: subA });
    const memberB = await insertMember(handle.db, { parentId: b });
    expect((await requireDownline(handle.db, a, deep)).depth).toBe(2);
    expect(await codeOf(requireDownline(handle.db, a, memberB))).toBe("not_found");
    expect(await codeOf(requireDownline(handle.db, a, "999999999"))).toBe("not_found");
    expect(await codeOf(requireDownline(handle.db, a, "1; drop table members"))).toBe("not_found");
    expect(await codeOf(requireDownline(handle.db, a, a))).toBe("not_found");
    expect(await codeOf(requireDirectDownline(handle.db, a, deep))).toBe("not_found");
    expect((await requireDirectDownline(handle.db, a, subA)).id).toBe(subA);
  });
});
