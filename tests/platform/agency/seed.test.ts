import { describe, expect, it } from "vitest";
import { useSeededDatabase } from "../../helpers/database";

const database = useSeededDatabase();

describe("the demo agent tree", () => {
  it("has two levels of agents with members, contracts and paid settlements", async () => {
    const db = database.db;
    const team = await db
      .selectFrom("agent_paths as p")
      .innerJoin("members as m", "m.id", "p.ancestor")
      .select([
        "m.account",
        (eb) => eb.fn.countAll<string>().as("n"),
        (eb) => eb.fn.max("p.depth").as("depth"),
      ])
      .where("m.account", "in", ["agent01", "agent02"])
      .where("p.depth", ">", 0)
      .groupBy("m.account")
      .orderBy("m.account")
      .execute();
    expect(team.map((row) => [row.account, Number(row.n), Number(row.depth)])).toEqual([
      ["agent01", 13, 2],
      ["agent02", 6, 1],
    ]);
    const contracts = await db
      .selectFrom("contracts")
      .select(["kind", "status", "upline_id"])
      .orderBy("id")
      .execute();
    expect(contracts.filter((row) => row.status === "active")).toHaveLength(6);
    expect(contracts.filter((row) => row.status === "offered").map((row) => row.kind)).toEqual([
      "HOURLY",
    ]);
    const paid = await db
      .selectFrom("settlements")
      .select(["kind", (eb) => eb.fn.countAll<string>().as("n")])
      .where("amount", ">", "0")
      .groupBy("kind")
      .execute();
    expect(paid.map((row) => row.kind).sort()).toEqual(["DAILY", "DIVIDEND", "HOURLY", "REALTIME"]);
  });
});
