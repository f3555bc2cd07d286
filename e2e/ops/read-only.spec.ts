import { DEMO_STAFF_PASSWORD } from "~/platform/seed/staff.server";
import { expect, test } from "../fixtures";

/**
 * A role that may only read is offered nothing to act with: on every back-office screen it
 * opens, no form posts anything (a filter or a search is a GET), only the sign-out does. The
 * server refuses such a post anyway (tests/routes/ops-permissions.test.ts); this is what the
 * screen offers.
 */
const SCREENS = [
  "/ops/withdrawals",
  "/ops/promotions",
  "/ops/promotions/applications",
  "/ops/promotions/grants",
  "/ops/points",
  "/ops/points/redemptions",
  "/ops/missions",
  "/ops/referrals",
  "/ops/vip",
  "/ops/protection",
  "/ops/age-checks",
  "/ops/support",
  "/ops/feedback",
  "/ops/chat",
  "/ops/announcements",
  "/ops/agents",
  "/ops/players?q=player01",
  "/ops/vip?level=1",
  "/ops/agents?account=agent01",
];

/** List screens whose first row opens a screen of its own (a promotion, a conversation…). */
const DETAILS: [list: string, detail: RegExp][] = [
  ["/ops/promotions", /^\/ops\/promotions\/\d+$/],
  ["/ops/points", /^\/ops\/points\/goods\/\d+$/],
  ["/ops/missions", /^\/ops\/missions\?edit=\d+$/],
  ["/ops/announcements", /^\/ops\/announcements\/\d+$/],
  ["/ops/players?q=player01", /^\/ops\/players\/\d+$/],
];

test("read-only staff is offered no acting form on any screen it reads", async ({
  page,
  signIn,
}) => {
  await signIn("readonly01", DEMO_STAFF_PASSWORD, { site: "ops" });
  const details: string[] = [];
  for (const [list, detail] of DETAILS) {
    await page.goto(list);
    const hrefs = await page
      .locator("main a[href]")
      .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
    const first = hrefs.find((href) => detail.test(href));
    expect(first, `${list} links to ${detail}`).toBeTruthy();
    details.push(first!);
  }
  const offered: string[] = [];
  for (const path of [...SCREENS, ...details]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    const forms = await page
      .locator('form[method="post" i]:not([action="/logout"])')
      .evaluateAll((nodes) =>
        nodes.map((node) => node.getAttribute("data-testid") ?? node.outerHTML.slice(0, 80)),
      );
    for (const form of forms) offered.push(`${path}: ${form}`);
  }
  expect(offered).toEqual([]);
});
