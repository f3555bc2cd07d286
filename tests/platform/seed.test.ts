import { describe, expect, test } from "vitest";
import { seedDemoBrand } from "~/platform/db/seed/seed.server";
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
    const categories = await handle.db.selectFrom("vendors").select("category").distinct().execute();
    expect(categories.map((row) => row.category).sort()).toEqual(
      ["ELOTT", "FISH", "LIVE", "LOTT", "MXWIN", "PVP", "RNG", "SPORTS"],
    );
  });

  test("is idempotent", async () => {
    await seedDemoBrand(handle.db);
    const vendors = await handle.db
      .selectFrom("vendors")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(vendors.n)).toBe(14 + 6 + 10 + 5 + 5 + 3 + 2 + 2);
  });

  test("stores announcement HTML sanitized", async () => {
    const rows = await handle.db.selectFrom("announcements").select("content_html").execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.content_html).not.toContain("<script");
  });
});
