import { describe, expect, test } from "vitest";
import { useSeededDatabase } from "../helpers/database";
import { jsonBody, routeArgs, signInAs, thrownResponse } from "../helpers/routes";

// The routes' database is this test database.
const handle = useSeededDatabase((ready) => {
  globalThis.__platformDatabase = Promise.resolve(ready);
});

const route = () => import("~/routes/_portal+/member+/index");

describe("/member (overview)", () => {
  test("lists MAIN and every vendor wallet of the brand from the ledger, with the total", async () => {
    const { loader } = await route();
    const { cookie } = await signInAs(handle.db, "player01");
    const data = await jsonBody(loader(routeArgs("/member", { headers: { Cookie: cookie } })));
    const balances = await handle.db
      .selectFrom("accounts")
      .innerJoin("members", "members.id", "accounts.member_id")
      .select(["accounts.kind", "accounts.balance"])
      .where("members.account", "=", "player01")
      // Points are not money (ADR 17): the demo's points of player01 are no wallet.
      .where("accounts.kind", "!=", "POINTS")
      .execute();
    const main = balances.find((row) => row.kind === "MAIN")!.balance;
    expect(data.wallets[0]).toEqual({ code: "MAIN", name: "Main wallet", balance: main });
    expect(data.wallets.map((wallet: { code: string }) => wallet.code)).toEqual([
      "MAIN",
      "SBO",
      "IBC",
      "CMD",
      "IMES",
      "SV3",
    ]);
    expect(data.wallets[1]).toMatchObject({ code: "SBO", balance: "150000" });
    expect(data.total).toBe(
      balances.reduce((sum, row) => sum + BigInt(row.balance), 0n).toString(),
    );
    expect(data.canTransfer).toBe(true);
  });

  test("a visitor goes to log in; a trial account gets the real-account notice", async () => {
    const { loader } = await route();
    const visitor = await thrownResponse(loader(routeArgs("/member")));
    expect(visitor.headers.get("Location")).toBe("/login?redirectTo=%2Fmember");
    const trial = await handle.db
      .insertInto("members")
      .values({
        account: "guestoverview",
        type: 4,
        password_hash: "!trial",
        profile: "{}",
        created_at: new Date(),
      })
      .returning("account")
      .executeTakeFirstOrThrow();
    const { cookie } = await signInAs(handle.db, trial.account);
    const blocked = await thrownResponse(
      loader(routeArgs("/member", { headers: { Cookie: cookie } })),
    );
    expect(blocked.headers.get("Location")).toMatch(/modal=real-account/);
  });
});
