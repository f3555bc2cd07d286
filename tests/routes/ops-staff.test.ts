import { describe, expect, test } from "vitest";
import { enrolWithSecret } from "~/platform/identity/authenticator.server";
import { findMemberByAccount } from "~/platform/identity/members.server";
import { HONEYPOT_FIELD } from "~/utils/honeypot";
import { useSeededDatabase } from "../helpers/database";
import { getAs, jsonBody, thrownResponse } from "../helpers/routes";
import { insertMember } from "../helpers/wallet";
import { opsCookie } from "../helpers/withdrawals";

// The routes' database is this test database (the demo brand, ops01 the admin, a demo account per role).
const handle = useSeededDatabase((ready) => {
  globalThis.__platformDatabase = Promise.resolve(ready);
});

const list = () => import("~/routes/ops+/staff._index");
const member = () => import("~/routes/ops+/staff.$memberId");
const newRole = () => import("~/routes/ops+/staff.roles.new");
const role = () => import("~/routes/ops+/staff.roles.$roleId");
const setup = () => import("~/routes/ops_.setup");

const post = (
  url: string,
  cookie: string,
  fields: Record<string, string | string[]>,
  params: Record<string, string> = {},
) => {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields))
    for (const one of [value].flat()) body.append(name, one);
  return {
    request: new Request(`http://localhost${url}`, {
      method: "POST",
      body,
      headers: { Origin: "http://localhost", Cookie: cookie },
    }),
    params,
    context: {},
  };
};
const roleId = async (name: string) =>
  (
    await handle.db
      .selectFrom("staff_roles")
      .select("id")
      .where("name", "=", name)
      .executeTakeFirstOrThrow()
  ).id;
const tokenOf = (url: string) => new URL(url).searchParams.get("setup")!;

/** A signed-in, enrolled staff account whose role holds exactly `permissions`. */
async function staffWith(permissions: string[]) {
  const id = await insertMember(handle.db, { type: 9 });
  const created = await handle.db
    .insertInto("staff_roles")
    .values({ name: `role-${id}`, permissions })
    .returning("id")
    .executeTakeFirstOrThrow();
  await handle.db
    .updateTable("staff")
    .set({ role_id: created.id })
    .where("member_id", "=", id)
    .execute();
  await enrolWithSecret(handle.db, id, "JBSWY3DPEHPK3PXP", new Date());
  return { id, cookie: await opsCookie(handle.db, id) };
}

describe("/ops/staff", () => {
  test("the list shows every staff account and role", async () => {
    const { loader } = await list();
    const admin = await jsonBody(loader(getAs("/ops/staff", await opsCookie(handle.db)) as never));
    const ops01 = admin.staff.find((row: { account: string }) => row.account === "ops01");
    expect(ops01).toMatchObject({ role: "admin", disabled: false, enrolled: true });
    expect(admin.roles.find((row: { name: string }) => row.name === "admin").members).toBe(1);

    const reader = await staffWith(["staff.view"]);
    const view = await jsonBody(loader(getAs("/ops/staff", reader.cookie) as never));
    expect(view.staff.length).toBe(admin.staff.length + 1);
  });

  test("a new account: bad input keeps what was typed with a translated error; then the link shows once in the reply, never in a URL", async () => {
    const { action } = await list();
    const cookie = await opsCookie(handle.db);
    const support = await roleId("support");
    const bad = (await action(
      post("/ops/staff", cookie, { account: "9lives", roleId: support }) as never,
    )) as Response;
    expect(bad.status).toBe(400);
    const refused = await bad.json();
    expect(refused.result.error.account).toEqual([
      "Enter 4 to 32 letters, digits, dots, hyphens or underscores, starting with a letter.",
    ]);
    expect(refused.result.initialValue).toMatchObject({ account: "9lives", roleId: support });

    const taken = (await action(
      post("/ops/staff", cookie, { account: "OPS01", roleId: support }) as never,
    )) as Response;
    expect((await taken.json()).result.error.account).toEqual(["This account name is taken."]);

    const made = (await action(
      post("/ops/staff", cookie, { account: "desk.helper", roleId: support }) as never,
    )) as Response;
    expect(made.status).toBe(200);
    expect(made.headers.get("Location")).toBeNull();
    const { created } = await made.json();
    expect(created.account).toBe("desk.helper");
    expect(created.url).toMatch(/^http:\/\/localhost:\d+\/ops\/setup\?setup=[\w-]+$/);
    const account = await findMemberByAccount(handle.db, "desk.helper");
    expect(account?.type).toBe(9);

    // The honeypot: a bot's post is a 400 and makes nothing.
    const spam = await thrownResponse(
      action(
        post("/ops/staff", cookie, {
          account: "bot.account",
          roleId: support,
          [HONEYPOT_FIELD]: "x",
        }) as never,
      ),
    );
    expect(spam.status).toBe(400);
    expect(await findMemberByAccount(handle.db, "bot.account")).toBeUndefined();

    // The link: the password form for that account, the house password rule, then once only.
    const token = tokenOf(created.url);
    const { loader: setupLoader, action: setupAction } = await setup();
    const page = await jsonBody(setupLoader(getAs(`/ops/setup?setup=${token}`, null) as never));
    expect(page).toMatchObject({ state: "staff", account: "desk.helper" });
    const weak = (await setupAction(
      post("/ops/setup", "", {
        token,
        password: "password123",
        confirmPassword: "password123",
      }) as never,
    )) as Response;
    expect(weak.status).toBe(400);
    const done = (await setupAction(
      post("/ops/setup", "", {
        token,
        password: "Quiet-harbour-71",
        confirmPassword: "Quiet-harbour-71",
      }) as never,
    )) as Response;
    expect(done.headers.get("Location")).toBe("/ops/setup?done=staff");
    const again = await jsonBody(setupLoader(getAs(`/ops/setup?setup=${token}`, null) as never));
    expect(again.state).toBe("invalid");
  });

  test("one account: change its role, disable and enable it, re-enrol it; not one's own", async () => {
    const { action, loader } = await member();
    const cookie = await opsCookie(handle.db);
    const ops01 = (await findMemberByAccount(handle.db, "ops01"))!.id;
    const target = (await findMemberByAccount(handle.db, "support01"))!.id;
    const at = (id: string) => `/ops/staff/${id}`;

    const page = await jsonBody(loader(getAs(at(target), cookie, { memberId: target }) as never));
    expect(page).toMatchObject({ self: false, member: { role: "support" } });
    expect(
      (await thrownResponse(loader(getAs(at("999999"), cookie, { memberId: "999999" }) as never)))
        .status,
    ).toBe(404);

    const moved = (await action(
      post(
        at(target),
        cookie,
        { intent: "role", roleId: await roleId("finance") },
        { memberId: target },
      ) as never,
    )) as Response;
    expect(moved.headers.get("Location")).toBe(`${at(target)}?done=role`);

    const disabled = (await action(
      post(at(target), cookie, { intent: "disable" }, { memberId: target }) as never,
    )) as Response;
    expect(disabled.headers.get("Location")).toBe(`${at(target)}?done=disabled`);
    const enabled = (await action(
      post(at(target), cookie, { intent: "enable" }, { memberId: target }) as never,
    )) as Response;
    expect(enabled.headers.get("Location")).toBe(`${at(target)}?done=enabled`);

    const reenrolled = (await action(
      post(at(target), cookie, { intent: "reenrol" }, { memberId: target }) as never,
    )) as Response;
    const { reenrolled: link } = await reenrolled.json();
    expect(link.account).toBe("support01");
    expect(link.url).toContain("/ops/setup?setup=");

    const self = (await action(
      post(at(ops01), cookie, { intent: "disable" }, { memberId: ops01 }) as never,
    )) as Response;
    expect(self.status).toBe(400);
    expect(await self.json()).toMatchObject({
      intent: "disable",
      result: { error: { "": ["You cannot do this to your own account."] } },
    });
  });

  test("roles: a new one by the name rule, ticks kept on a refusal; an edit with one tick; an unknown permission refused", async () => {
    const cookie = await opsCookie(handle.db);
    const { action: create } = await newRole();
    const bad = (await create(
      post("/ops/staff/roles/new", cookie, {
        name: "Night Desk",
        permissions: ["support.view", "chat.view"],
      }) as never,
    )) as Response;
    expect(bad.status).toBe(400);
    const refused = await bad.json();
    expect(refused.result.error.name).toBeDefined();
    expect(refused.result.initialValue.permissions).toEqual(["support.view", "chat.view"]);

    const made = (await create(
      post("/ops/staff/roles/new", cookie, {
        name: "night-desk",
        permissions: ["support.view", "chat.view"],
      }) as never,
    )) as Response;
    const id = await roleId("night-desk");
    expect(made.headers.get("Location")).toBe(`/ops/staff/roles/${id}?done=created`);

    const { action: edit, loader } = await role();
    const saved = (await edit(
      post(`/ops/staff/roles/${id}`, cookie, { permissions: "vip.view" }, { roleId: id }) as never,
    )) as Response;
    expect(saved.headers.get("Location")).toBe(`/ops/staff/roles/${id}?done=saved`);
    const page = await jsonBody(
      loader(getAs(`/ops/staff/roles/${id}`, cookie, { roleId: id }) as never),
    );
    expect(page.role).toEqual({ name: "night-desk", permissions: ["vip.view"], members: 0 });
    expect(page.areas.find((area: { area: string }) => area.area === "staff").permissions).toEqual([
      "staff.view",
      "staff.manage",
    ]);

    const unknown = (await edit(
      post(
        `/ops/staff/roles/${id}`,
        cookie,
        { permissions: ["vip.view", "magic.cast"] },
        { roleId: id },
      ) as never,
    )) as Response;
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).result.error.permissions).toEqual([
      "Choose among the listed permissions.",
    ]);
  });

  test("a role nobody holds can be deleted (audited, the list says so); one held by staff, and admin, cannot", async () => {
    const cookie = await opsCookie(handle.db);
    const { action: create } = await newRole();
    const made = (await create(
      post("/ops/staff/roles/new", cookie, {
        name: "spare-desk",
        permissions: "vip.view",
      }) as never,
    )) as Response;
    const id = made.headers.get("Location")!.match(/roles\/(\d+)/)![1]!;
    const { action: edit, loader } = await role();
    const remove = (roleId: string) =>
      edit(
        post(`/ops/staff/roles/${roleId}`, cookie, { intent: "delete" }, { roleId }) as never,
      ) as Promise<Response>;

    const held = await remove((await roleId("support"))!);
    expect(held.status).toBe(400);
    expect((await held.json()).result.error[""]).toEqual([
      "This role is held by staff accounts: give them another role first.",
    ]);
    expect((await remove((await roleId("admin"))!)).status).toBe(400);

    const deleted = await remove(id);
    expect(deleted.headers.get("Location")).toBe("/ops/staff?roleDeleted=spare-desk");
    const { loader: staffList } = await list();
    const page = await jsonBody(
      staffList(getAs("/ops/staff?roleDeleted=spare-desk", cookie) as never),
    );
    expect(page.roleDeleted).toBe("spare-desk");
    expect(page.roles.map((row: { name: string }) => row.name)).not.toContain("spare-desk");
    const entry = await handle.db
      .selectFrom("audit_log")
      .select(["before"])
      .where("event", "=", "role_deleted")
      .where("target_id", "=", id)
      .executeTakeFirstOrThrow();
    expect(entry.before).toEqual({ name: "spare-desk", permissions: ["vip.view"] });
    expect(
      (
        await thrownResponse(
          loader(getAs(`/ops/staff/roles/${id}`, cookie, { roleId: id }) as never),
        )
      ).status,
    ).toBe(404);
  });
});
