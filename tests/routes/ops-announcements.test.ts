import { describe, expect, test } from "vitest";
import { useSeededDatabase } from "../helpers/database";
import { formPost, jsonBody, routeArgs, signInAs, thrownResponse } from "../helpers/routes";
import { opsCookie } from "../helpers/withdrawals";

// The routes' database is this test database (the demo brand, ops01, the seeded announcements).
const handle = useSeededDatabase((ready) => {
  globalThis.__platformDatabase = Promise.resolve(ready);
});

const list = () => import("~/routes/ops+/announcements._index");
const create = () => import("~/routes/ops+/announcements.new");
const edit = () => import("~/routes/ops+/announcements.$announcementId");

const form = (changes: Record<string, string> = {}) => ({
  type: "H",
  execution: "A",
  language: "",
  title: "Route headline",
  content: "<p>Tonight</p><script>alert(1)</script>",
  sort: "0",
  startsAt: "",
  enabled: "on",
  ...changes,
});
const cookieHeader = (cookie: string | null): Record<string, string> =>
  cookie ? { Cookie: cookie } : {};
const byTitle = (title: string) =>
  handle.db.selectFrom("announcements").selectAll().where("title", "=", title).executeTakeFirst();
const audited = async (event: string) =>
  (
    await handle.db
      .selectFrom("audit_log")
      .select("id")
      .where("event", "=", event as never)
      .orderBy("id")
      .execute()
  ).length;

describe("/ops/announcements", () => {
  test("visitors, members and agents go to /ops/login for every page and form; nothing changes", async () => {
    const member = await signInAs(handle.db, "vipstar");
    const agent = await signInAs(handle.db, "agent01");
    for (const cookie of [null, member.cookie, agent.cookie]) {
      for (const load of [list, create]) {
        const { loader } = await load();
        const page = await thrownResponse(
          loader(routeArgs("/ops/announcements", { headers: cookieHeader(cookie) })),
        );
        expect(page.headers.get("Location")).toBe("/ops/login");
      }
      const { action } = await create();
      const post = await thrownResponse(
        action(
          formPost("/ops/announcements/new", form({ title: "Intruder" }), cookieHeader(cookie)),
        ),
      );
      expect(post.headers.get("Location")).toBe("/ops/login");
      const { action: listAction } = await list();
      const listPost = await thrownResponse(
        listAction(
          formPost("/ops/announcements", { intent: "delete", id: "1" }, cookieHeader(cookie)),
        ),
      );
      expect(listPost.headers.get("Location")).toBe("/ops/login");
    }
    expect(await byTitle("Intruder")).toBeUndefined();
    expect(
      await handle.db
        .selectFrom("announcements")
        .select("id")
        .where("id", "=", 1)
        .executeTakeFirst(),
    ).toBeDefined();
  });

  test("bad input is a translated field error and stores nothing; a filled honeypot is a 400", async () => {
    const cookie = await opsCookie(handle.db);
    const { action } = await create();
    const cases: [Record<string, string>, string][] = [
      [{ title: "" }, "title"],
      [{ title: "x".repeat(121) }, "title"],
      [{ content: " " }, "content"],
      [{ type: "ZZ" }, "type"],
      [{ execution: "Q" }, "execution"],
      [{ language: "xx" }, "language"],
      [{ sort: "-1" }, "sort"],
      [{ startsAt: "tomorrow" }, "startsAt"],
    ];
    for (const [changes, field] of cases) {
      const response = (await action(
        formPost("/ops/announcements/new", form({ title: "Bad one", ...changes }), {
          Cookie: cookie,
        }),
      )) as Response;
      expect(response.status).toBe(400);
      const body = await jsonBody(response);
      expect(body.result.error[field]?.[0], field).toMatch(/\S/);
    }
    const spam = await thrownResponse(
      action(
        formPost("/ops/announcements/new", form({ title: "Spam", name__confirm: "bot" }), {
          Cookie: cookie,
        }),
      ),
    );
    expect(spam.status).toBe(400);
    expect(await byTitle("Bad one")).toBeUndefined();
    expect(await byTitle("Spam")).toBeUndefined();
  });

  test("an operator creates, edits, unpublishes and deletes one: sanitized, audited, listed", async () => {
    const cookie = await opsCookie(handle.db);
    const created = (await (
      await create()
    ).action(formPost("/ops/announcements/new", form(), { Cookie: cookie }))) as Response;
    expect(created.headers.get("Location")).toBe("/ops/announcements?done=saved");
    const row = await byTitle("Route headline");
    expect(row?.content_html).toBe("<p>Tonight</p>");
    const id = String(row!.id);
    const edited = (await (
      await edit()
    ).action({
      ...formPost(`/ops/announcements/${id}`, form({ title: "Route headline 2" }), {
        Cookie: cookie,
      }),
      params: { announcementId: id },
    })) as Response;
    expect(edited.headers.get("Location")).toBe("/ops/announcements?done=saved");
    const page = await jsonBody(
      (await edit()).loader({
        ...routeArgs(`/ops/announcements/${id}`, { headers: { Cookie: cookie } }),
        params: { announcementId: id },
      }),
    );
    expect(page.announcement.title).toBe("Route headline 2");
    const { action, loader } = await list();
    const unpublished = (await action(
      formPost("/ops/announcements", { intent: "unpublish", id }, { Cookie: cookie }),
    )) as Response;
    expect(unpublished.headers.get("Location")).toBe("/ops/announcements?done=unpublished");
    const listed = await jsonBody(
      loader(routeArgs("/ops/announcements?done=unpublished", { headers: { Cookie: cookie } })),
    );
    expect(listed.done).toBe("unpublished");
    expect(listed.announcements.find((item: { id: number }) => String(item.id) === id).state).toBe(
      "unpublished",
    );
    const deleted = (await action(
      formPost("/ops/announcements", { intent: "delete", id }, { Cookie: cookie }),
    )) as Response;
    expect(deleted.headers.get("Location")).toBe("/ops/announcements?done=deleted");
    expect(await byTitle("Route headline 2")).toBeUndefined();
    expect(await audited("announcement_saved")).toBe(2);
    expect(await audited("announcement_status_changed")).toBe(1);
    expect(await audited("announcement_deleted")).toBe(1);
  });

  test("an unknown announcement is a 404, a forged list form a 400", async () => {
    const cookie = await opsCookie(handle.db);
    const missing = await thrownResponse(
      (await edit()).loader({
        ...routeArgs("/ops/announcements/99999", { headers: { Cookie: cookie } }),
        params: { announcementId: "99999" },
      }),
    );
    expect(missing.status).toBe(404);
    const { action } = await list();
    const gone = await thrownResponse(
      action(
        formPost("/ops/announcements", { intent: "publish", id: "99999" }, { Cookie: cookie }),
      ),
    );
    expect(gone.status).toBe(404);
    const forged = await thrownResponse(
      action(formPost("/ops/announcements", { intent: "explode", id: "1" }, { Cookie: cookie })),
    );
    expect(forged.status).toBe(400);
  });
});
