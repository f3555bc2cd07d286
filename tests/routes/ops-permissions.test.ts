import { beforeAll, describe, expect, test } from "vitest";
import { STAFF_PERMISSIONS, type StaffPermission } from "~/platform/identity/staff-permissions";
import { OPS_QUEUES, type OpsQueue } from "~/platform/system/ops-queues.server";
import { HOME_QUEUES } from "~/routes/ops+/__ops-home.server";
import { useSeededDatabase } from "../helpers/database";
import { formPost, getAs, routeModulesIn } from "../helpers/routes";
import { staffCookieWith } from "../helpers/staff";

/**
 * The back office's permissions, route by route: every loader and action of
 * /ops answers a staff member whose role lacks the permission with a 403, and
 * lets one whose role has only that permission through (whatever it then
 * answers: a page, a redirect, a 404 for an unknown id, a 400 for a bad body).
 * The table must name every file in app/routes/ops+: a new back-office route
 * without its permission fails the first test.
 */

const handle = useSeededDatabase((ready) => {
  globalThis.__platformDatabase = Promise.resolve(ready);
});

const ROUTES_DIR = "app/routes/ops+";

type Module = {
  loader?: (args: never) => Promise<unknown>;
  action?: (args: never) => Promise<unknown>;
};
interface Probe {
  path: string;
  permission: StaffPermission;
  params?: Record<string, string>;
  /** The action's form fields (an honeypot-checked form gets its empty field). */
  fields?: Record<string, string>;
  /** What another area's permission gets: 403, unless the route sends it on (sign-in's landing). */
  elsewhere?: number;
}
type Case =
  | { module: () => Promise<Module>; loader: Probe; action?: Probe }
  | { exempt: string }
  | { perQueue: string };

const view = (path: string, permission: StaffPermission, params?: Record<string, string>) => ({
  path,
  permission,
  params,
});
const act = (
  path: string,
  permission: StaffPermission,
  fields: Record<string, string> = {},
  params?: Record<string, string>,
) => ({ path, permission, fields: { intent: "x", ...fields }, params });

const CASES: Record<string, Case> = {
  "_layout.tsx": { exempt: "the guard of every page: any staff member; each page checks its own" },
  "login.tsx": { exempt: "no session yet: the sign-in page" },
  "authenticator.tsx": { exempt: "the staff member's own authenticator, which every role has" },
  "index.tsx": {
    perQueue:
      "the staff home, open to every staff member: each queue's count only with that queue's permissions (tested below)",
  },
  "withdrawals.tsx": {
    module: () => import("~/routes/ops+/withdrawals"),
    loader: view("/ops/withdrawals", "withdrawals.view"),
    action: act("/ops/withdrawals", "withdrawals.decide", {
      intent: "approve",
      withdrawalId: "1",
    }),
  },
  "age-checks.tsx": {
    module: () => import("~/routes/ops+/age-checks"),
    loader: view("/ops/age-checks", "age_checks.view"),
    action: act("/ops/age-checks", "age_checks.review"),
  },
  "agents.tsx": {
    module: () => import("~/routes/ops+/agents"),
    loader: view("/ops/agents", "agents.view"),
    action: act("/ops/agents", "agents.manage"),
  },
  "announcements._index.tsx": {
    module: () => import("~/routes/ops+/announcements._index"),
    loader: view("/ops/announcements", "announcements.view"),
    action: act("/ops/announcements", "announcements.manage"),
  },
  "announcements.new.tsx": {
    module: () => import("~/routes/ops+/announcements.new"),
    loader: view("/ops/announcements/new", "announcements.view"),
    action: act("/ops/announcements/new", "announcements.manage"),
  },
  "announcements.$announcementId.tsx": {
    module: () => import("~/routes/ops+/announcements.$announcementId"),
    loader: view("/ops/announcements/1", "announcements.view", { announcementId: "1" }),
    action: act("/ops/announcements/1", "announcements.manage", {}, { announcementId: "1" }),
  },
  "audit.tsx": {
    module: () => import("~/routes/ops+/audit"),
    loader: view("/ops/audit", "audit.view"),
  },
  "audit[.csv].tsx": {
    module: () => import("~/routes/ops+/audit[.csv]"),
    loader: view("/ops/audit.csv", "audit.export"),
  },
  "chat.tsx": {
    module: () => import("~/routes/ops+/chat"),
    loader: view("/ops/chat", "chat.view"),
    action: act("/ops/chat", "chat.moderate"),
  },
  "feedback._index.tsx": {
    module: () => import("~/routes/ops+/feedback._index"),
    loader: view("/ops/feedback", "feedback.view"),
  },
  "feedback.$threadId.tsx": {
    module: () => import("~/routes/ops+/feedback.$threadId"),
    loader: view("/ops/feedback/1", "feedback.view", { threadId: "1" }),
    action: act("/ops/feedback/1", "feedback.reply", {}, { threadId: "1" }),
  },
  "missions.tsx": {
    module: () => import("~/routes/ops+/missions"),
    loader: view("/ops/missions", "missions.view"),
    action: act("/ops/missions", "missions.manage"),
  },
  "points._index.tsx": {
    module: () => import("~/routes/ops+/points._index"),
    loader: view("/ops/points", "points.view"),
    action: act("/ops/points", "points.manage"),
  },
  "points.goods.new.tsx": {
    module: () => import("~/routes/ops+/points.goods.new"),
    loader: view("/ops/points/goods/new", "points.view"),
    action: act("/ops/points/goods/new", "points.manage"),
  },
  "points.goods.$itemId.tsx": {
    module: () => import("~/routes/ops+/points.goods.$itemId"),
    loader: view("/ops/points/goods/1", "points.view", { itemId: "1" }),
    action: act("/ops/points/goods/1", "points.manage", {}, { itemId: "1" }),
  },
  "points.redemptions.tsx": {
    module: () => import("~/routes/ops+/points.redemptions"),
    loader: view("/ops/points/redemptions", "points.view"),
    action: act("/ops/points/redemptions", "points.review"),
  },
  "promotions._index.tsx": {
    module: () => import("~/routes/ops+/promotions._index"),
    loader: view("/ops/promotions", "promotions.view"),
  },
  "promotions.new.tsx": {
    module: () => import("~/routes/ops+/promotions.new"),
    loader: view("/ops/promotions/new", "promotions.view"),
    action: act("/ops/promotions/new", "promotions.manage"),
  },
  "promotions.$promotionId.tsx": {
    module: () => import("~/routes/ops+/promotions.$promotionId"),
    loader: view("/ops/promotions/1", "promotions.view", { promotionId: "1" }),
    action: act("/ops/promotions/1", "promotions.manage", {}, { promotionId: "1" }),
  },
  "promotions.applications.tsx": {
    module: () => import("~/routes/ops+/promotions.applications"),
    loader: view("/ops/promotions/applications", "promotions.view"),
    action: act("/ops/promotions/applications", "promotions.review"),
  },
  "promotions.grants.tsx": {
    module: () => import("~/routes/ops+/promotions.grants"),
    loader: view("/ops/promotions/grants", "promotions.view"),
    action: act("/ops/promotions/grants", "promotions.review"),
  },
  "protection.tsx": {
    module: () => import("~/routes/ops+/protection"),
    loader: view("/ops/protection", "protection.view"),
    action: act("/ops/protection", "protection.manage"),
  },
  "referrals.tsx": {
    module: () => import("~/routes/ops+/referrals"),
    loader: view("/ops/referrals", "referrals.view"),
    action: act("/ops/referrals", "referrals.review"),
  },
  "support._index.tsx": {
    module: () => import("~/routes/ops+/support._index"),
    loader: view("/ops/support", "support.view"),
  },
  "support.$conversationId.tsx": {
    module: () => import("~/routes/ops+/support.$conversationId"),
    loader: view("/ops/support/1", "support.view", { conversationId: "1" }),
    action: act("/ops/support/1", "support.reply", {}, { conversationId: "1" }),
  },
  "players._index.tsx": {
    module: () => import("~/routes/ops+/players._index"),
    loader: view("/ops/players?q=player01", "players.view"),
  },
  "players.$memberId.tsx": {
    module: () => import("~/routes/ops+/players.$memberId"),
    loader: view("/ops/players/1", "players.view", { memberId: "1" }),
    // An unknown intent is checked as a suspension; tests/routes/ops-player-actions.test.ts has each intent's.
    action: act("/ops/players/1", "players.suspend", {}, { memberId: "1" }),
  },
  "adjustments.tsx": {
    module: () => import("~/routes/ops+/adjustments"),
    loader: view("/ops/adjustments", "adjustments.view"),
    action: act("/ops/adjustments", "adjustments.approve"),
  },
  "staff._index.tsx": {
    module: () => import("~/routes/ops+/staff._index"),
    loader: view("/ops/staff", "staff.view"),
    action: act("/ops/staff", "staff.manage"),
  },
  "staff.$memberId.tsx": {
    module: () => import("~/routes/ops+/staff.$memberId"),
    loader: view("/ops/staff/1", "staff.view", { memberId: "1" }),
    action: act("/ops/staff/1", "staff.manage", {}, { memberId: "1" }),
  },
  "staff.roles.new.tsx": {
    module: () => import("~/routes/ops+/staff.roles.new"),
    loader: view("/ops/staff/roles/new", "staff.view"),
    action: act("/ops/staff/roles/new", "staff.manage"),
  },
  "staff.roles.$roleId.tsx": {
    module: () => import("~/routes/ops+/staff.roles.$roleId"),
    loader: view("/ops/staff/roles/1", "staff.view", { roleId: "1" }),
    action: act("/ops/staff/roles/1", "staff.manage", {}, { roleId: "1" }),
  },
  "vip.tsx": {
    module: () => import("~/routes/ops+/vip"),
    loader: view("/ops/vip", "vip.view"),
    action: act("/ops/vip", "vip.manage"),
  },
};

/** A signed-in, enrolled staff member whose role holds exactly `permissions`: its Cookie header. */
const staffWith = (permissions: readonly StaffPermission[]) =>
  staffCookieWith(handle.db, permissions);

/** What a loader or action answered, returned or thrown: its status. */
async function statusOf(call: () => Promise<unknown>): Promise<number> {
  try {
    const result = await call();
    return result instanceof Response ? result.status : 200;
  } catch (error) {
    if (error instanceof Response) return error.status;
    throw error;
  }
}

const cookies = new Map<string, string>();
let nobody: string;
beforeAll(async () => {
  nobody = await staffWith([]);
  for (const permission of STAFF_PERMISSIONS)
    cookies.set(permission, await staffWith([permission]));
});

async function probe(module: Module, kind: "loader" | "action", probe: Probe) {
  const call = (cookie: string) => () => {
    const args =
      kind === "loader"
        ? getAs(probe.path, cookie, probe.params)
        : {
            ...formPost(probe.path, { website: "", ...probe.fields }, { Cookie: cookie }),
            params: probe.params ?? {},
          };
    return module[kind]!(args as never);
  };
  expect(await statusOf(call(nobody)), `${kind} without ${probe.permission}`).toBe(403);
  const others = [...cookies].filter(([permission]) => permission !== probe.permission);
  // Another area's permission does not open it either.
  const other = others.find(
    ([permission]) => !permission.startsWith(probe.permission.split(".")[0]!),
  );
  expect(await statusOf(call(other![1])), `${kind} with ${other![0]} only`).toBe(
    probe.elsewhere ?? 403,
  );
  expect(
    await statusOf(call(cookies.get(probe.permission)!)),
    `${kind} with ${probe.permission}`,
  ).not.toBe(403);
}

describe("back-office permissions", () => {
  test("every /ops route has its permission cases", () => {
    expect(routeModulesIn(ROUTES_DIR)).toEqual(Object.keys(CASES).sort());
  });

  test.each(Object.keys(CASES).filter((file) => "loader" in CASES[file]!))(
    "%s: 403 without its permission, through with it",
    async (file) => {
      const entry = CASES[file] as Extract<Case, { loader: Probe }>;
      const module = await entry.module();
      await probe(module, "loader", entry.loader);
      if (module.action) {
        expect(entry.action, `${file} has an action: give it a probe`).toBeDefined();
        await probe(module, "action", entry.action!);
      }
    },
    30_000,
  );

  test("index.tsx: any staff member gets the home; a queue is counted only for a role that reads it and acts on it", async () => {
    const home = await import("~/routes/ops+/index");
    const homeOf = async (cookie: string) => {
      const response = await home.loader(getAs("/ops", cookie) as never);
      expect(response.status).toBe(200);
      const data = (await response.json()) as {
        cards: { queue: OpsQueue; count: number }[];
        pages: { to: string }[];
      };
      return { queues: data.cards.map((card) => card.queue), pages: data.pages };
    };
    // No permission at all: no 403, no count, nothing to open.
    expect(await homeOf(nobody)).toEqual({ queues: [], pages: [] });
    // Another area's screen: no count, its screen as the way on.
    expect(await homeOf(cookies.get("vip.view")!)).toEqual({
      queues: [],
      pages: [{ to: "/ops/vip", testId: "vip", label: "vipLevels.ops.nav" }],
    });
    const everything = [...STAFF_PERMISSIONS];
    expect((await homeOf(await staffWith(everything))).queues).toEqual([...OPS_QUEUES]);
    for (const queue of OPS_QUEUES) {
      const { view, act } = HOME_QUEUES[queue];
      expect((await homeOf(await staffWith([view, act]))).queues, queue).toEqual([queue]);
      // Reading a queue without acting on it, or the reverse, is no count of it.
      for (const lacking of [view, act]) {
        const rest = everything.filter((permission) => permission !== lacking);
        expect(
          (await homeOf(await staffWith(rest))).queues,
          `${queue} without ${lacking}`,
        ).not.toContain(queue);
      }
      expect((await homeOf(cookies.get(view)!)).queues, `${queue} with ${view} only`).toEqual([]);
    }
  }, 60_000);

  test("a disabled staff member is let in nowhere: back to the sign-in page", async () => {
    const cookie = await staffWith([...STAFF_PERMISSIONS]);
    const vip = await import("~/routes/ops+/vip");
    expect(await statusOf(() => vip.loader(getAs("/ops/vip", cookie) as never))).toBe(200);
    const memberId = (
      await handle.db
        .selectFrom("staff")
        .select("member_id")
        .orderBy("member_id", "desc")
        .executeTakeFirstOrThrow()
    ).member_id;
    await handle.db
      .updateTable("staff")
      .set({ disabled_at: new Date() })
      .where("member_id", "=", memberId)
      .execute();
    try {
      await vip.loader(getAs("/ops/vip", cookie) as never);
      throw new Error("expected a redirect");
    } catch (error) {
      expect((error as Response).headers.get("Location")).toBe("/ops/login");
    }
  });
});
