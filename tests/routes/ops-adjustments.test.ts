import { describe, expect, test } from "vitest";
import { MAIN } from "~/platform/wallet/ledger.server";
import { loader as queueLoader, action as decide } from "~/routes/ops+/adjustments";
import { action, loader } from "~/routes/ops+/players.$memberId";
import { useSeededDatabase } from "../helpers/database";
import { formPost, getAs, jsonBody } from "../helpers/routes";
import { staffCookieWith } from "../helpers/staff";
import { accountBalance, formKey, insertMember } from "../helpers/wallet";

/**
 * Manual adjustments through the routes: the player page's form (its own permission, a
 * translated refusal that keeps what was typed, a doubled submit that is one adjustment),
 * and the four eyes above the demo brand's threshold (Rs 1,000.00): the maker is told
 * another staff member decides, a second one's approval moves the money once and comes
 * back to the screen it was made on.
 */

const handle = useSeededDatabase((ready) => {
  globalThis.__platformDatabase = Promise.resolve(ready);
});

const responseOf = async (run: () => Promise<unknown>) => {
  try {
    return (await run()) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
};

const adjust = (memberId: string, cookie: string, fields: Record<string, string>) =>
  responseOf(() =>
    action({
      ...formPost(
        `/ops/players/${memberId}`,
        { website: "", intent: "adjust", ...fields },
        { Cookie: cookie },
      ),
      params: { memberId },
    } as never),
  );

const decision = (cookie: string, fields: Record<string, string>) =>
  responseOf(() =>
    decide(formPost("/ops/adjustments", { website: "", ...fields }, { Cookie: cookie }) as never),
  );

const tab = async (memberId: string, cookie: string) =>
  jsonBody(
    await loader({
      ...getAs(`/ops/players/${memberId}?tab=adjustments`, cookie),
      params: { memberId },
    } as never),
  );

const ALL = [
  "players.view",
  "adjustments.view",
  "adjustments.request",
  "adjustments.approve",
] as const;

describe("manual adjustments in the console", () => {
  test("asking needs adjustments.request; bad input is refused in words with the input kept; a doubled submit is one adjustment", async () => {
    const db = handle.db;
    const member = await insertMember(db);
    const viewer = await staffCookieWith(db, ["players.view", "adjustments.view"]);
    const maker = await staffCookieWith(db, ALL);
    const key = formKey() + formKey();
    const fields = {
      direction: "credit",
      amount: "250.50",
      reason: "goodwill",
      note: "Missing win on round 12",
      idempotencyKey: key,
    };
    expect((await adjust(member, viewer, fields)).status).toBe(403);

    const bad = await adjust(member, maker, { ...fields, amount: "abc", note: " " });
    expect(bad.status).toBe(400);
    const reply = await bad.json();
    expect(reply.result.error.amount).toBeTruthy();
    expect(reply.result.error.note).toEqual(["Write a note saying why."]);
    expect(reply.result.initialValue.reason).toBe("goodwill");

    const first = await adjust(member, maker, fields);
    const second = await adjust(member, maker, fields);
    for (const done of [first, second])
      expect(done.headers.get("Location")).toBe(
        `/ops/players/${member}?tab=adjustments&done=adjustmentApplied`,
      );
    expect(await accountBalance(db, member, MAIN)).toBe(25_050n);
    const shown = await tab(member, maker);
    expect(shown.panel.adjustments).toHaveLength(1);
    expect(shown.panel.adjustments[0]).toMatchObject({ amount: "25050", status: "applied" });

    // More than the balance: told in words, nothing moves.
    const overdrawn = await adjust(member, maker, {
      ...fields,
      direction: "debit",
      amount: "300",
      idempotencyKey: formKey() + formKey(),
    });
    expect((await overdrawn.json()).result.error[""]).toEqual([
      "The main balance is smaller than this debit.",
    ]);
  });

  test("above the threshold: the maker cannot decide; a second staff member's approval moves the money once and returns to the page", async () => {
    const db = handle.db;
    const member = await insertMember(db);
    const maker = await staffCookieWith(db, ALL);
    const checker = await staffCookieWith(db, ALL);
    const asked = await adjust(member, maker, {
      direction: "credit",
      amount: "5000",
      reason: "compensation",
      note: "Outage on 27 November",
      idempotencyKey: formKey() + formKey(),
    });
    expect(asked.headers.get("Location")).toBe(
      `/ops/players/${member}?tab=adjustments&done=adjustmentPending`,
    );
    expect(await accountBalance(db, member, MAIN)).toBe(0n);
    const [pending] = (await tab(member, maker)).panel.adjustments;
    expect(pending).toMatchObject({ status: "pending", askedByViewer: true });
    expect((await tab(member, checker)).panel.adjustments[0].askedByViewer).toBe(false);

    // The queue lists it for everyone who may read it.
    const queue = await jsonBody(await queueLoader(getAs("/ops/adjustments", checker) as never));
    expect(queue.rows.map((row: { id: string }) => row.id)).toContain(pending.id);

    const returnTo = `/ops/players/${member}?tab=adjustments`;
    const own = await decision(maker, { intent: "approve", adjustmentId: pending.id, returnTo });
    expect((await own.json()).result.error[""]).toEqual([
      "You asked for this adjustment: another staff member must decide it.",
    ]);
    const approved = await decision(checker, {
      intent: "approve",
      adjustmentId: pending.id,
      returnTo,
    });
    expect(approved.headers.get("Location")).toBe(`${returnTo}&done=adjustmentApproved`);
    const again = await decision(checker, {
      intent: "approve",
      adjustmentId: pending.id,
      returnTo,
    });
    expect(again.status).toBe(400);
    expect(await accountBalance(db, member, MAIN)).toBe(500_000n);

    // A return address elsewhere is not followed.
    const other = await adjust(member, maker, {
      direction: "debit",
      amount: "4000",
      reason: "correction",
      note: "Credited twice",
      idempotencyKey: formKey() + formKey(),
    });
    expect(other.status).toBe(302);
    const [next] = (await tab(member, maker)).panel.adjustments;
    const rejected = await decision(checker, {
      intent: "reject",
      adjustmentId: next.id,
      returnTo: "https://evil.example/",
      note: "Not credited twice",
    });
    expect(rejected.headers.get("Location")).toBe("/ops/adjustments?done=adjustmentRejected");
    expect(await accountBalance(db, member, MAIN)).toBe(500_000n);
  });

  test("deciding needs adjustments.approve", async () => {
    const cookie = await staffCookieWith(handle.db, ["adjustments.view", "adjustments.request"]);
    expect((await decision(cookie, { intent: "approve", adjustmentId: "1" })).status).toBe(403);
  });
});
