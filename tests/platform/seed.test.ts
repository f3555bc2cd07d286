import { sql, type Kysely } from "kysely";
import { describe, expect, test } from "vitest";
import * as demoGameArtPng from "~/platform/db/migrations/0033-demo-game-art-png";
import { seedDemoBrand } from "~/platform/seed/seed.server";
import { useSeededDatabase } from "../helpers/database";

const handle = useSeededDatabase();

describe("demo seed", () => {
  test("seeds ~10,000 slot games and every category", async () => {
    const slots = await handle.db
      .selectFrom("games")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .where("category", "=", "RNG")
      .executeTakeFirstOrThrow();
    expect(Number(slots.n)).toBe(10_000);
    const categories = await handle.db
      .selectFrom("vendors")
      .select("category")
      .distinct()
      .execute();
    expect(categories.map((row) => row.category).sort()).toEqual([
      "ELOTT",
      "FISH",
      "LIVE",
      "LOTT",
      "MXWIN",
      "PVP",
      "RNG",
      "SPORTS",
    ]);
  });

  test("is idempotent", async () => {
    await seedDemoBrand(handle.db);
    const vendors = await handle.db
      .selectFrom("vendors")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(vendors.n)).toBe(14 + 6 + 10 + 5 + 5 + 3 + 2 + 2);
  });

  test("points games at the PNG artwork; the migration moves a database seeded with the SVG one", async () => {
    const icons = await handle.db
      .selectFrom("games")
      .select(["node_id", "icon_url"])
      .orderBy("node_id")
      .limit(300)
      .execute();
    const drawn = icons.filter((game) => game.icon_url?.startsWith("/resources/icons/game/"));
    expect(drawn.length).toBeGreaterThan(250);
    for (const game of drawn)
      expect(game.icon_url).toBe(`/resources/icons/game/${game.node_id}.png`);

    // A database seeded before: its games point at the old addresses, a brand's CDN art stays.
    const [first, second] = drawn;
    await handle.db
      .updateTable("games")
      .set({ icon_url: `/resources/icons/game/${first!.node_id}.svg` })
      .where("node_id", "=", first!.node_id)
      .execute();
    await handle.db
      .updateTable("games")
      .set({ icon_url: "https://cdn.example/art/game.svg" })
      .where("node_id", "=", second!.node_id)
      .execute();
    await demoGameArtPng.up(handle.db as unknown as Kysely<unknown>);
    const after = await handle.db
      .selectFrom("games")
      .select(["node_id", "icon_url"])
      .where("node_id", "in", [first!.node_id, second!.node_id])
      .orderBy("node_id")
      .execute();
    expect(after.map((game) => game.icon_url)).toEqual([
      `/resources/icons/game/${first!.node_id}.png`,
      "https://cdn.example/art/game.svg",
    ]);
  });

  test("stores announcement HTML sanitized", async () => {
    const rows = await handle.db.selectFrom("announcements").select("content_html").execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.content_html).not.toContain("<script");
  });

  test("gives the demo accounts ledger money, bets and a pending withdrawal, with every invariant intact", async () => {
    const balances = await handle.db
      .selectFrom("accounts")
      .innerJoin("members", "members.id", "accounts.member_id")
      .select(["members.account", "accounts.kind", "accounts.balance"])
      .where("members.account", "in", ["player01", "vipstar", "agent01"])
      .execute();
    const main = (account: string) =>
      BigInt(
        balances.find((row) => row.account === account && row.kind === "MAIN")?.balance ?? "-1",
      );
    expect(main("player01")).toBeGreaterThan(0n);
    expect(main("vipstar")).toBeGreaterThan(0n);
    // The opening deposit, and the contract settlements the agency seed paid (issue 6).
    const paid = await handle.db
      .selectFrom("settlements")
      .innerJoin("members", "members.id", "settlements.member_id")
      .select(sql<string>`coalesce(sum(settlements.amount), 0)::text`.as("sum"))
      .where("members.account", "=", "agent01")
      .executeTakeFirstOrThrow();
    expect(BigInt(paid.sum)).toBeGreaterThan(0n);
    expect(main("agent01")).toBe(3_000_000n + BigInt(paid.sum));
    expect(
      balances.some(
        (row) =>
          row.account === "player01" && row.kind === "VENDOR:SBO" && row.balance === "150000",
      ),
    ).toBe(true);
    const bets = await handle.db
      .selectFrom("bets")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(bets.n)).toBeGreaterThan(20);
    const pending = await handle.db.selectFrom("withdrawals").select("status").execute();
    expect(pending).toEqual([{ status: "pending" }]);
    const { rows } = await sql<{ n: string }>`
      select count(*) as n from accounts a
      where a.balance <> coalesce((select sum(amount) from postings p where p.account_id = a.id), 0)`.execute(
      handle.db,
    );
    expect(rows[0]!.n).toBe("0");
    const total = await sql<{
      sum: string;
    }>`select sum(balance)::text as sum from accounts`.execute(handle.db);
    expect(total.rows[0]!.sum).toBe("0");
  });
});
