import { describe, expect, test } from "vitest";
import { audit } from "~/platform/audit/audit.server";
import { findMemberByAccount } from "~/platform/identity/members.server";
import { loader as auditLoader } from "~/routes/ops+/audit";
import { loader as csvLoader } from "~/routes/ops+/audit[.csv]";
import { action as protectionAction } from "~/routes/ops+/protection";
import { useSeededDatabase } from "../helpers/database";
import { formPost, getAs, jsonBody } from "../helpers/routes";
import { opsCookie } from "../helpers/withdrawals";

/**
 * /ops/audit and its CSV: an /ops act is written with its staff member, role
 * and request id; the page finds entries by staff, event, member and window;
 * an account that names nobody finds nothing; a download is itself written.
 */

const handle = useSeededDatabase((ready) => {
  globalThis.__platformDatabase = Promise.resolve(ready);
});

const read = async (query: string, cookie: string) =>
  jsonBody(await auditLoader(getAs(`/ops/audit?${query}`, cookie) as never));

describe("/ops/audit", () => {
  test("an /ops act is written with who, in which role, from which request; the page finds it by staff and event", async () => {
    const db = handle.db;
    const cookie = await opsCookie(db);
    const ops01 = await findMemberByAccount(db, "ops01");
    const refused = await protectionAction(
      formPost(
        "/ops/protection",
        { website: "", intent: "lift" },
        { Cookie: cookie, "X-Request-Id": "req-audit-1" },
      ) as never,
    ).catch((error: unknown) => error);
    expect((refused as Response).status).toBeGreaterThanOrEqual(400);

    const written = await db
      .selectFrom("audit_log")
      .select(["staff_id", "staff_role", "request_id"])
      .where("event", "=", "protection_lift_refused")
      .where("request_id", "=", "req-audit-1")
      .executeTakeFirstOrThrow();
    expect(written).toEqual({
      staff_id: ops01!.id,
      staff_role: "admin",
      request_id: "req-audit-1",
    });

    const page = await read("staff=ops01&event=protection_lift_refused", cookie);
    expect(page.total).toBeGreaterThanOrEqual(1);
    expect(page.rows[0]).toMatchObject({
      event: "protection_lift_refused",
      staffAccount: "ops01",
      staffRole: "admin",
      requestId: "req-audit-1",
    });
    expect(page.filters).toEqual({
      staff: "ops01",
      member: null,
      event: "protection_lift_refused",
    });
    // Nobody by that name: nothing, rather than everything.
    expect((await read("staff=no-such-staff", cookie)).total).toBe(0);
    // A window long before: nothing.
    expect((await read("from=2001-01-01&to=2001-01-02&staff=ops01", cookie)).total).toBe(0);
    // Nonsense in the URL is no filter, not an error.
    const loose = await read("event=drop+table&page=-3", cookie);
    expect(loose.filters.event).toBeNull();
    expect(loose.page).toBe(1);
  });

  test("by member: an edit's before and after come with the entry", async () => {
    const db = handle.db;
    const cookie = await opsCookie(db);
    const player = await findMemberByAccount(db, "player01");
    const ops01 = await findMemberByAccount(db, "ops01");
    await audit(
      db,
      "vip_level_saved",
      { ip: "203.0.113.5", userAgent: "vitest", staff: { id: ops01!.id, role: "admin" } },
      {
        memberId: player!.id,
        target: { type: "member", id: player!.id },
        before: { level: 1 },
        after: { level: 2 },
      },
    );
    const page = await read("member=player01&event=vip_level_saved", cookie);
    expect(page.total).toBe(1);
    expect(page.rows[0]).toMatchObject({
      memberAccount: "player01",
      targetType: "member",
      targetId: player!.id,
      before: { level: 1 },
      after: { level: 2 },
      ip: "203.0.113.5",
    });
  });

  test("the CSV holds what the page's filters find, and the download is itself in the trail", async () => {
    const db = handle.db;
    const cookie = await opsCookie(db);
    const response = (await csvLoader(
      getAs("/ops/audit.csv?member=player01&event=vip_level_saved", cookie) as never,
    )) as Response;
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const lines = (await response.text()).trim().split("\r\n");
    expect(lines[0]).toContain('"When"');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('"player01"');
    expect(lines[1]).toContain('"{""level"":2}"');
    const exported = await db
      .selectFrom("audit_log")
      .select(["detail", "staff_role"])
      .where("event", "=", "audit_exported")
      .executeTakeFirstOrThrow();
    expect(exported).toMatchObject({
      staff_role: "admin",
      detail: { member: "player01", event: "vip_level_saved", rows: 1 },
    });
  });
});
