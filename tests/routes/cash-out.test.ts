import { describe, expect, test } from "vitest";
import { action, loader } from "~/routes/cash-out";
import { getViewer } from "~/utils/auth.server";
import { sessionCookieHeader } from "~/utils/session.server";
import { useSeededDatabase } from "../helpers/database";
import { cookiePair, formPost, getAs, jsonBody, signInMember } from "../helpers/routes";
import { balanceOf, WITHDRAW_PASSWORD, withdrawingMember } from "../helpers/withdrawals";

/**
 * /cash-out through its loader and action: only a cash-out session opens it,
 * and a cash-out session opens nothing else, even with its token moved into
 * the portal's cookie; the member's withdrawal goes through the withdraw
 * password and comes back to the page.
 */

const handle = useSeededDatabase((ready) => {
  globalThis.__platformDatabase = Promise.resolve(ready);
});

async function answer(call: () => Promise<unknown>): Promise<Response> {
  try {
    return (await call()) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

const cashOutMember = async () => {
  const member = await withdrawingMember(handle.db, { balance: 50_000n });
  const cashOut = await signInMember(handle.db, member.memberId, "cash_out");
  return { ...member, cashOut };
};

describe("/cash-out", () => {
  test("a visitor and a portal session are sent to sign in", async () => {
    const visitor = await answer(() => loader(getAs("/cash-out", null) as never));
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toMatch(/^\/login/);
    const { cookie } = await cashOutMember();
    const portal = await answer(() => loader(getAs("/cash-out", cookie) as never));
    expect(portal.headers.get("Location")).toMatch(/^\/login/);
  });

  test("a cash-out token does not open the portal, even in the portal's cookie", async () => {
    const { cashOut } = await cashOutMember();
    const request = new Request("http://localhost/");
    const moved = cookiePair(
      await sessionCookieHeader(request, {
        token: cashOut.token,
        site: "member",
        expiresAt: new Date(Date.now() + 60_000),
        cookieMaxAgeSeconds: undefined,
      }),
    );
    expect(
      await getViewer(new Request("http://localhost/member", { headers: { Cookie: moved } })),
    ).toBeNull();
    expect(
      await getViewer(
        new Request("http://localhost/member", { headers: { Cookie: cashOut.cookie } }),
      ),
    ).toBeNull();
  });

  test("the page shows the balance; a withdrawal with the password is held and comes back to it", async () => {
    const db = handle.db;
    const { memberId, payeeId, cashOut } = await cashOutMember();
    const page = await jsonBody(await loader(getAs("/cash-out", cashOut.cookie) as never));
    expect(page.balances.main).toBe("50000");
    expect(page.payees).toEqual([expect.objectContaining({ id: payeeId })]);

    const post = (fields: Record<string, string>) =>
      answer(() =>
        action(
          formPost(
            "/cash-out",
            { intent: "request", ...fields },
            { Cookie: cashOut.cookie },
          ) as never,
        ),
      );
    const wrong = await post({
      payeeAccountId: payeeId,
      amount: "500",
      withdrawPassword: "Wrong9876",
      idempotencyKey: page.formKey,
    });
    expect(wrong.status).toBe(400);
    expect(await balanceOf(db, memberId)).toBe(50_000n);

    const done = await post({
      payeeAccountId: payeeId,
      amount: "500",
      withdrawPassword: WITHDRAW_PASSWORD,
      idempotencyKey: page.formKey,
    });
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toMatch(/^\/cash-out\?requested=\d+$/);
    expect(await balanceOf(db, memberId)).toBe(0n);
    // A doubled submit returns the same withdrawal and moves nothing more.
    const again = await post({
      payeeAccountId: payeeId,
      amount: "500",
      withdrawPassword: WITHDRAW_PASSWORD,
      idempotencyKey: page.formKey,
    });
    expect(again.headers.get("Location")).toBe(done.headers.get("Location"));
  });

  test("signing out ends the cash-out session and clears its cookie", async () => {
    const { cashOut } = await cashOutMember();
    const out = await answer(() =>
      action(formPost("/cash-out", { intent: "sign_out" }, { Cookie: cashOut.cookie }) as never),
    );
    expect(out.headers.get("Location")).toBe("/");
    expect(out.headers.get("Set-Cookie")).toMatch(/cash_out_session=;/);
    const after = await answer(() => loader(getAs("/cash-out", cashOut.cookie) as never));
    expect(after.headers.get("Location")).toMatch(/^\/login/);
  });
});
