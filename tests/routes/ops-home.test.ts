import { describe, expect, test } from "vitest";
import { formatWaited } from "~/components/ops/home/queue-cards";
import { findMemberByAccount } from "~/platform/identity/members.server";
import { OPS_QUEUES } from "~/platform/system/ops-queues.server";
import { approveWithdrawal } from "~/platform/wallet/withdrawals.server";
import { loader } from "~/routes/ops+/index";
import { useSeededDatabase } from "../helpers/database";
import { getAs, jsonBody } from "../helpers/routes";
import { operatorId, opsCookie, withdrawalIn, withdrawingMember } from "../helpers/withdrawals";

/**
 * /ops, the staff home: each demo role sees the cards of the queues it works
 * on (and nothing is counted for the others); a member's withdrawal request
 * raises the decision card, which links to the queue filtered to it, and an
 * approval moves it to the payment card; a role that works on no queue gets
 * the screens it may open instead of a 403.
 */

const handle = useSeededDatabase((ready) => {
  globalThis.__platformDatabase = Promise.resolve(ready);
});

type Card = { queue: string; count: number; href: string; waitedMinutes: number | null };
type Home = { title: string; cards: Card[]; pages: { to: string; testId: string }[] };

async function homeOf(account: string): Promise<Home> {
  const staff = await findMemberByAccount(handle.db, account);
  const cookie = await opsCookie(handle.db, staff!.id);
  return jsonBody(await loader(getAs("/ops", cookie) as never));
}
const card = (home: Home, queue: string) => home.cards.find((row) => row.queue === queue);

describe("/ops staff home", () => {
  test("each demo role gets the cards of the queues it works on, and only those", async () => {
    const queuesOf = async (account: string) =>
      (await homeOf(account)).cards.map((row) => row.queue);
    expect(await queuesOf("ops01")).toEqual([...OPS_QUEUES]);
    expect(await queuesOf("finance01")).toEqual([
      "withdrawals_pending",
      "withdrawals_approved",
      "adjustments",
    ]);
    expect(await queuesOf("support01")).toEqual(["support", "feedback"]);
    expect(await queuesOf("comply01")).toEqual(["age_checks"]);
    expect(await queuesOf("market01")).toEqual(["promotion_applications", "points_redemptions"]);
  });

  test("a withdrawal request raises the decision card (linked to the filtered queue); approving it moves it to payment", async () => {
    const before = await homeOf("finance01");
    const member = await withdrawingMember(handle.db);
    const id = await withdrawalIn(handle.db, member, 25_000n, "pending");
    // The longest waiting of all: its age is the card's.
    const since = new Date("2000-01-01T00:00:00Z");
    await handle.db
      .updateTable("withdrawals")
      .set({ created_at: since })
      .where("id", "=", id)
      .execute();
    const after = await homeOf("finance01");
    const pending = card(after, "withdrawals_pending")!;
    expect(pending.count).toBe(card(before, "withdrawals_pending")!.count + 1);
    expect(pending.href).toBe("/ops/withdrawals?status=pending");
    const minutes = Math.floor((Date.now() - since.getTime()) / 60_000);
    expect(pending.waitedMinutes).toBeGreaterThanOrEqual(minutes - 1);
    expect(pending.waitedMinutes).toBeLessThanOrEqual(minutes);

    await approveWithdrawal(handle.db, id, {
      operatorId: await operatorId(handle.db),
      context: { ip: null, userAgent: null },
    });
    const approved = await homeOf("finance01");
    expect(card(approved, "withdrawals_pending")!.count).toBe(pending.count - 1);
    expect(card(approved, "withdrawals_approved")!.count).toBe(
      card(after, "withdrawals_approved")!.count + 1,
    );
    expect(card(approved, "withdrawals_approved")!.href).toBe("/ops/withdrawals?status=approved");
  });

  test("a role that works on no queue gets the screens it may open, not a 403", async () => {
    const home = await homeOf("readonly01");
    expect(home.cards).toEqual([]);
    expect(home.pages.map((page) => page.to)).toContain("/ops/withdrawals");
    expect(home.pages.map((page) => page.to)).not.toContain("/ops/staff");
    // Staff who work on a queue get no list of screens: the header has them.
    expect((await homeOf("support01")).pages).toEqual([]);
  });

  test("a wait reads as minutes, hours, then days, in the page's language", () => {
    expect(formatWaited(0, "en")).toBe("1 min");
    expect(formatWaited(45, "en")).toBe("45 min");
    expect(formatWaited(125, "en")).toBe("2 hr");
    expect(formatWaited(47 * 60, "en")).toBe("47 hr");
    expect(formatWaited(4 * 24 * 60 + 5, "en")).toBe("4 days");
    expect(formatWaited(125, "ur")).toBe("2 گھنٹے");
  });
});
