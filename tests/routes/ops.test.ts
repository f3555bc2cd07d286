import { generateTOTP } from "@epic-web/totp";
import { describe, expect, test } from "vitest";
import { TOTP } from "~/platform/identity/authenticator.server";
import { findMemberByAccount } from "~/platform/identity/members.server";
import { DEMO_OPERATOR_TOTP_SECRET } from "~/platform/seed/accounts.server";
import { getOperator, getViewer } from "~/utils/auth.server";
import { useSeededDatabase } from "../helpers/database";
import {
  cookiePair,
  formPost,
  jsonBody,
  routeArgs,
  signInAs,
  thrownResponse,
} from "../helpers/routes";
import { balanceOf, opsCookie, withdrawalIn, withdrawingMember } from "../helpers/withdrawals";

// The routes' database is this test database.
const handle = useSeededDatabase((ready) => {
  globalThis.__platformDatabase = Promise.resolve(ready);
});

const queue = () => import("~/routes/ops+/withdrawals");
const home = () => import("~/routes/ops+/index");
const layout = () => import("~/routes/ops+/_layout");
const loginRoute = () => import("~/routes/ops+/login");

const act = (cookie: string | null, fields: Record<string, string>) =>
  formPost(
    "/ops/withdrawals",
    { status: "open", page: "1", ...fields },
    cookie ? { Cookie: cookie } : {},
  );
const withdrawal = (id: string) =>
  handle.db.selectFrom("withdrawals").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
/** The member's withdrawal messages, oldest first (the funding deposit has its own). */
const messages = (memberId: string) =>
  handle.db
    .selectFrom("member_messages")
    .select(["kind", "params"])
    .where("member_id", "=", memberId)
    .where("kind", "like", "withdrawal%")
    .orderBy("id")
    .execute();

describe("/ops guard", () => {
  test("loaders: a visitor, a member, and a member's session in the ops cookie all go to /ops/login", async () => {
    const { loader } = await queue();
    const { loader: homeLoader } = await home();
    const { loader: layoutLoader } = await layout();
    const member = await signInAs(handle.db, "player01");
    // The member's own token planted in the back office's cookie is still not an operator.
    const planted = `ops_session=${member.cookie.split("=")[1]}`;
    for (const cookie of [null, member.cookie, planted]) {
      const headers: Record<string, string> = cookie ? { Cookie: cookie } : {};
      for (const [run, path] of [
        [loader, "/ops/withdrawals"],
        [homeLoader, "/ops"],
        [layoutLoader, "/ops"],
      ] as const) {
        const args = routeArgs(path, { headers });
        const response = await thrownResponse(run(args));
        expect(response.status).toBe(302);
        expect(response.headers.get("Location")).toBe("/ops/login");
      }
    }
    // The login page itself is open.
    const open = await jsonBody(layoutLoader(routeArgs("/ops/login")));
    expect(open.account).toBeNull();
  });

  test("every action is refused to a non-operator, and nothing changes", async () => {
    const { action } = await queue();
    const member = await withdrawingMember(handle.db);
    const pending = await withdrawalIn(handle.db, member, 20_000n, "pending");
    const agent = await signInAs(handle.db, "agent01");
    for (const cookie of [null, member.cookie, agent.cookie]) {
      for (const intent of ["approve", "reject", "pay", "forced", "refund"]) {
        const response = await thrownResponse(
          action(act(cookie, { intent, withdrawalId: pending, reason: "no" })),
        );
        expect(response.headers.get("Location")).toBe("/ops/login");
      }
    }
    expect((await withdrawal(pending)).status).toBe("pending");
    // Another site's post is a 403 even for an operator.
    const cross = await thrownResponse(
      action(
        formPost(
          "/ops/withdrawals",
          { intent: "approve", withdrawalId: pending },
          { Cookie: await opsCookie(handle.db), Origin: "https://evil.example" },
        ),
      ),
    );
    expect(cross.status).toBe(403);
  });

  test("an operator's session is the back office's only: the portal does not see it", async () => {
    const cookie = await opsCookie(handle.db);
    const request = new Request("http://localhost/", { headers: { Cookie: cookie } });
    expect(await getViewer(request)).toBeNull();
    expect((await getOperator(request, "withdrawals.view"))?.member.account).toBe("ops01");
  });
});

describe("/ops/withdrawals queue", () => {
  test("the queue lists open withdrawals with member, payee (full number only to pay) and amount; filters by status", async () => {
    const { loader } = await queue();
    const member = await withdrawingMember(handle.db);
    const id = await withdrawalIn(handle.db, member, 31_000n, "pending");
    const cookie = await opsCookie(handle.db);
    const response = await loader(routeArgs("/ops/withdrawals", { headers: { Cookie: cookie } }));
    const text = await response.clone().text();
    const data = await jsonBody(response);
    expect(data.filter).toBe("open");
    const row = data.rows.find((candidate: { id: string }) => candidate.id === id);
    expect(row).toMatchObject({
      amount: "31000",
      status: "pending",
      provider: "HBL",
      payee_number: "•••• 6789",
      holder_name: "Test Holder",
    });
    expect(text).not.toContain("0123456789");
    // The full number only while the operator has to pay it.
    const approved = await withdrawalIn(handle.db, member, 12_000n, "approved");
    const afterApproval = await jsonBody(
      loader(routeArgs("/ops/withdrawals", { headers: { Cookie: cookie } })),
    );
    expect(
      afterApproval.rows.find((candidate: { id: string }) => candidate.id === approved),
    ).toMatchObject({ payee_number: "0123456789" });
    const rejected = await jsonBody(
      loader(routeArgs("/ops/withdrawals?status=rejected", { headers: { Cookie: cookie } })),
    );
    expect(rejected.filter).toBe("rejected");
    expect(rejected.rows.some((candidate: { id: string }) => candidate.id === id)).toBe(false);
  });

  test("approve, mark paid by a second staff member: states change, messages are written, redirect back with a note", async () => {
    const { action } = await queue();
    const member = await withdrawingMember(handle.db);
    const id = await withdrawalIn(handle.db, member, 20_000n, "pending");
    const cookie = await opsCookie(handle.db);
    const approved = await action(
      act(cookie, { intent: "approve", withdrawalId: id, status: "pending", page: "2" }),
    );
    expect(approved.status).toBe(302);
    expect(approved.headers.get("Location")).toBe(
      `/ops/withdrawals?status=pending&page=2&done=approve&id=${id}`,
    );
    expect((await withdrawal(id)).status).toBe("approved");
    // Four eyes: the approver's queue offers no payment, and a forged one is refused on its row.
    const mine = await jsonBody(
      (await queue()).loader(
        routeArgs("/ops/withdrawals?status=approved", { headers: { Cookie: cookie } }),
      ),
    );
    expect(mine.rows.find((row: { id: string }) => row.id === id)).toMatchObject({
      approvedByViewer: true,
    });
    const refused = await action(act(cookie, { intent: "pay", withdrawalId: id }));
    expect(refused.status).toBe(400);
    expect((await jsonBody(refused)).result.error[""]).toEqual([
      "The staff member who approved this withdrawal cannot also pay it: another staff member must",
    ]);
    expect((await withdrawal(id)).status).toBe("approved");
    const finance = await findMemberByAccount(handle.db, "finance01");
    const paid = await action(
      act(await opsCookie(handle.db, finance!.id), { intent: "pay", withdrawalId: id }),
    );
    expect(paid.headers.get("Location")).toBe(`/ops/withdrawals?status=open&done=pay&id=${id}`);
    expect(await withdrawal(id)).toMatchObject({ status: "paid" });
    expect((await withdrawal(id)).auto_receive_at).not.toBeNull();
    expect((await messages(member.memberId)).map((message) => message.kind)).toEqual([
      "withdrawal_approved",
      "withdrawal_paid",
    ]);
    // The money stays out of the member's wallet.
    expect(await balanceOf(handle.db, member.memberId)).toBe(980_000n);
  });

  test("reject needs a reason (≤140); it returns the money and tells the member why", async () => {
    const { action } = await queue();
    const member = await withdrawingMember(handle.db);
    const id = await withdrawalIn(handle.db, member, 40_000n, "pending");
    expect(await balanceOf(handle.db, member.memberId)).toBe(960_000n);
    const cookie = await opsCookie(handle.db);
    const missing = await action(act(cookie, { intent: "reject", withdrawalId: id, reason: "  " }));
    expect(missing.status).toBe(400);
    const body = await jsonBody(missing);
    expect(body).toMatchObject({ withdrawalId: id, intent: "reject" });
    expect(body.result.error.reason).toEqual(["Please give a reason (up to 140 characters)"]);
    const long = await action(
      act(cookie, { intent: "reject", withdrawalId: id, reason: "x".repeat(141) }),
    );
    expect(long.status).toBe(400);
    expect((await withdrawal(id)).status).toBe("pending");

    const rejected = await action(
      act(cookie, { intent: "reject", withdrawalId: id, reason: "Name does not match" }),
    );
    expect(rejected.status).toBe(302);
    expect(await withdrawal(id)).toMatchObject({
      status: "rejected",
      reject_reason: "Name does not match",
    });
    expect(await balanceOf(handle.db, member.memberId)).toBe(1_000_000n);
    const [message] = await messages(member.memberId);
    expect(message).toMatchObject({
      kind: "withdrawal_rejected",
      params: { reason: "Name does not match", withdrawal: id },
    });
  });

  test("resolve a dispute: refund the remaining amount, or close as received (nothing back)", async () => {
    const { action } = await queue();
    const { action: memberAction } = await import("~/routes/_portal+/member+/withdraw");
    const { multipartPost } = await import("../helpers/withdrawals");
    const cookie = await opsCookie(handle.db);
    const disputed = async () => {
      const member = await withdrawingMember(handle.db);
      const id = await withdrawalIn(handle.db, member, 20_000n, "paid");
      const answer = await memberAction(
        multipartPost("/member/withdraw", member.cookie, {
          intent: "confirm-receipt",
          withdrawalId: id,
          outcome: "partial",
          receivedAmount: "50.00",
        }),
      );
      expect(answer.status).toBe(302);
      return { member, id };
    };
    const refunded = await disputed();
    await action(act(cookie, { intent: "refund", withdrawalId: refunded.id }));
    expect(await withdrawal(refunded.id)).toMatchObject({ status: "refunded" });
    expect(await balanceOf(handle.db, refunded.member.memberId)).toBe(980_000n + 15_000n);

    const forced = await disputed();
    await action(act(cookie, { intent: "forced", withdrawalId: forced.id }));
    expect(await withdrawal(forced.id)).toMatchObject({ status: "received", receipt: "forced" });
    expect(await balanceOf(handle.db, forced.member.memberId)).toBe(980_000n);
  });

  test("a state that does not allow the action is a translated error on its row; an unknown id a 404", async () => {
    const { action } = await queue();
    const member = await withdrawingMember(handle.db);
    const id = await withdrawalIn(handle.db, member, 20_000n, "pending");
    const cookie = await opsCookie(handle.db);
    const early = await action(act(cookie, { intent: "pay", withdrawalId: id }));
    expect(early.status).toBe(400);
    const body = await jsonBody(early);
    expect(body.withdrawalId).toBe(id);
    expect(body.result.error[""]).toEqual(["This withdrawal can no longer be changed this way"]);
    expect((await withdrawal(id)).status).toBe("pending");
    const unknown = await thrownResponse(
      action(act(cookie, { intent: "approve", withdrawalId: "999999999" })),
    );
    expect(unknown.status).toBe(404);
    const badIntent = await thrownResponse(
      action(act(cookie, { intent: "delete", withdrawalId: id })),
    );
    expect(badIntent.status).toBe(400);
  });
});

describe("/ops/login and sign-out", () => {
  const login = (fields: Record<string, string>) =>
    formPost("/ops/login", { intent: "login", ...fields });

  test("ops01 signs in with the back office's own cookie; a member is refused", async () => {
    const { action } = await loginRoute();
    // ADR 34: the password alone opens no session; the authenticator code does.
    const step = await action(login({ username: "ops01", password: "Ops12345" }));
    expect(step.status).toBe(200);
    expect(step.headers.get("Set-Cookie")).toBeNull();
    const { ticket } = (await jsonBody(step)).secondFactor;
    const wrongCode = await action(
      formPost("/ops/login", { intent: "second-factor", ticket, authCode: "12345x" }),
    );
    expect((await jsonBody(wrongCode)).secondFactor.errors).toEqual(["The code is incorrect"]);
    const { otp } = await generateTOTP({ ...TOTP, secret: DEMO_OPERATOR_TOTP_SECRET });
    const ok = await action(
      formPost("/ops/login", { intent: "second-factor", ticket, authCode: otp }),
    );
    expect(ok.status).toBe(302);
    expect(ok.headers.get("Location")).toBe("/ops");
    const setCookie = ok.headers.get("Set-Cookie")!;
    expect(setCookie).toMatch(/^ops_session=/);
    expect(setCookie).not.toMatch(/Max-Age|Expires/i);
    const request = new Request("http://localhost/ops", {
      headers: { Cookie: cookiePair(setCookie) },
    });
    expect((await getOperator(request, "withdrawals.view"))?.member.account).toBe("ops01");

    const member = await action(login({ username: "player01", password: "Player123" }));
    expect(member.status).toBe(400);
    expect((await jsonBody(member)).result.error[""]).toEqual([
      "Only operator accounts can sign in here",
    ]);
    const wrong = await action(login({ username: "ops01", password: "Nope12345" }));
    expect((await jsonBody(wrong)).result.error[""]).toEqual(["Incorrect username or password"]);
  });

  test("a signed-in operator skips the login page; sign-out ends the session and returns to /ops/login", async () => {
    const { loader } = await loginRoute();
    const { action: logout } = await import("~/routes/logout");
    const cookie = await opsCookie(handle.db);
    const skipped = await thrownResponse(
      loader(routeArgs("/ops/login", { headers: { Cookie: cookie } })),
    );
    expect(skipped.headers.get("Location")).toBe("/ops");
    const out = await logout(formPost("/logout", { site: "ops" }, { Cookie: cookie }));
    expect(out.headers.get("Location")).toBe("/ops/login");
    expect(out.headers.get("Set-Cookie")).toMatch(/^ops_session=;.*Max-Age=0/);
    expect(
      await getOperator(
        new Request("http://localhost/ops", { headers: { Cookie: cookie } }),
        "withdrawals.view",
      ),
    ).toBeNull();
  });
});
