import { describe, expect, test } from "vitest";
import { PROOF_MAX_BYTES } from "~/platform/uploads/proof-images";
import { formatMoney } from "~/utils/money";
import en from "../../locales/en/common.json";
import { useSeededDatabase } from "../helpers/database";
import { renderRouteHtml } from "../helpers/render-html";
import { wageringBonus } from "../helpers/rewards";
import {
  formPost,
  jsonBody,
  quietServerRenderWarnings,
  routeArgs,
  thrownResponse,
} from "../helpers/routes";
import { formKey } from "../helpers/wallet";
import {
  balanceOf,
  multipartPost,
  opsCookie,
  TINY_PNG,
  withdrawalIn,
  withdrawingMember,
  WITHDRAW_PASSWORD,
} from "../helpers/withdrawals";

// The routes' database is this test database.
const handle = useSeededDatabase((ready) => {
  globalThis.__platformDatabase = Promise.resolve(ready);
});

const route = () => import("~/routes/_portal+/member+/withdraw");
const proofRoute = () => import("~/routes/resources+/withdrawal-proofs.$proofId");
const PAGE = "/member/withdraw";

const post = (cookie: string, fields: Record<string, string>) =>
  formPost(PAGE, fields, { Cookie: cookie });
const requestFields = (payeeId: string, fields: Record<string, string> = {}) => ({
  intent: "request",
  payeeAccountId: payeeId,
  amount: "250.00",
  withdrawPassword: WITHDRAW_PASSWORD,
  idempotencyKey: formKey(),
  ...fields,
});

const withdrawalRow = (id: string) =>
  handle.db.selectFrom("withdrawals").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

describe("/member/withdraw: the page", () => {
  test("a visitor goes to log in; a member sees balance, masked payees and no raw account number", async () => {
    const { loader } = await route();
    const visitor = await thrownResponse(loader(routeArgs(PAGE)));
    expect(visitor.headers.get("Location")).toBe("/login?redirectTo=%2Fmember%2Fwithdraw");
    const member = await withdrawingMember(handle.db);
    await withdrawalIn(handle.db, member, 20_000n, "pending");
    const response = await loader(routeArgs(PAGE, { headers: { Cookie: member.cookie } }));
    const text = await response.clone().text();
    const data = await jsonBody(response);
    expect(data).toMatchObject({
      hasWithdrawPassword: true,
      balance: "980000",
      limits: { min: 10_000, max: 5_000_000 },
    });
    expect(data.payees).toEqual([
      { id: member.payeeId, provider: "HBL", holderName: "Test Holder", maskedNumber: "•••• 6789" },
    ]);
    expect(data.withdrawals[0]).toMatchObject({
      status: "pending",
      amount: "20000",
      masked_number: "•••• 6789",
    });
    expect(text).not.toContain("0123456789");
  });

  test("without a withdraw password the page says so and a request is refused; no money moves", async () => {
    const { loader, action } = await route();
    const member = await withdrawingMember(handle.db, { withPassword: false });
    const data = await jsonBody(loader(routeArgs(PAGE, { headers: { Cookie: member.cookie } })));
    expect(data.hasWithdrawPassword).toBe(false);
    const response = await action(
      post(member.cookie, requestFields(member.payeeId, { withdrawPassword: "anything1" })),
    );
    expect(response.status).toBe(400);
    const body = await jsonBody(response);
    expect(body.form).toBe("request");
    expect(body.result.error[""]).toEqual([
      "Please set a withdraw password in the security centre first",
    ]);
    expect(await balanceOf(handle.db, member.memberId)).toBe(1_000_000n);
  });
});

describe("/member/withdraw: requesting", () => {
  test("a wrong withdraw password is an error on that field, never echoed; no money moves", async () => {
    const { action } = await route();
    const member = await withdrawingMember(handle.db);
    const response = await action(
      post(member.cookie, requestFields(member.payeeId, { withdrawPassword: "Wrong9999" })),
    );
    expect(response.status).toBe(400);
    const body = await jsonBody(response);
    expect(body.result.error.withdrawPassword).toEqual(["The withdraw password is not correct"]);
    expect(body.result.initialValue.withdrawPassword).toBeUndefined();
    expect(body.result.initialValue.amount).toBe("250.00");
    expect(JSON.stringify(body)).not.toContain("Wrong9999");
    expect(await balanceOf(handle.db, member.memberId)).toBe(1_000_000n);
    const count = await handle.db
      .selectFrom("withdrawals")
      .select("id")
      .where("member_id", "=", member.memberId)
      .execute();
    expect(count).toEqual([]);
  });

  test("a request holds the amount; the same form key twice is one withdrawal", async () => {
    const { action } = await route();
    const member = await withdrawingMember(handle.db);
    const fields = requestFields(member.payeeId);
    const first = await action(post(member.cookie, fields));
    expect(first.status).toBe(302);
    const location = first.headers.get("Location")!;
    expect(location).toMatch(/^\/member\/withdraw\?requested=\d+$/);
    const again = await action(post(member.cookie, fields));
    expect(again.headers.get("Location")).toBe(location);
    const rows = await handle.db
      .selectFrom("withdrawals")
      .selectAll()
      .where("member_id", "=", member.memberId)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      status: "pending",
      amount: "25000",
      payee_account_id: member.payeeId,
    });
    expect(await balanceOf(handle.db, member.memberId)).toBe(1_000_000n - 25_000n);
  });

  test("limits, balance and someone else's payee are errors on their fields", async () => {
    const { action } = await route();
    const member = await withdrawingMember(handle.db, { balance: 50_000n });
    const other = await withdrawingMember(handle.db, { balance: 0n });
    const small = await jsonBody(
      action(post(member.cookie, requestFields(member.payeeId, { amount: "1.00" }))),
    );
    expect(small.result.error.amount).toEqual([
      "The amount must be between Rs 100.00 and Rs 50,000.00",
    ]);
    const broke = await jsonBody(
      action(post(member.cookie, requestFields(member.payeeId, { amount: "600.00" }))),
    );
    expect(broke.result.error.amount).toEqual(["Insufficient balance"]);
    const foreign = await jsonBody(action(post(member.cookie, requestFields(other.payeeId))));
    expect(foreign.result.error.payeeAccountId).toEqual([
      "Please choose one of your payee accounts",
    ]);
    const missing = await jsonBody(
      action(post(member.cookie, { intent: "request", idempotencyKey: formKey() })),
    );
    expect(missing.result.error).toMatchObject({
      payeeAccountId: ["Please choose a payee account"],
      amount: ["Please enter an amount"],
      withdrawPassword: ["Please enter your withdraw password"],
    });
    expect(await balanceOf(handle.db, member.memberId)).toBe(50_000n);
  });
});

describe("/member/withdraw: payee accounts", () => {
  test("add: provider from the brand, holder, 6–24 digits; remove: own only (another's is a 404)", async () => {
    const { action, loader } = await route();
    const member = await withdrawingMember(handle.db);
    const bad = await jsonBody(
      action(
        post(member.cookie, {
          intent: "add-payee",
          provider: "NOPE",
          holderName: "",
          accountNumber: "12ab",
        }),
      ),
    );
    expect(bad.form).toBe("add-payee");
    expect(bad.result.error).toMatchObject({
      provider: ["Please choose a bank or e-wallet from the list"],
      holderName: ["Please enter the account holder name (up to 64 characters)"],
      accountNumber: ["The account number must be 6 to 24 digits"],
    });
    const added = await action(
      post(member.cookie, {
        intent: "add-payee",
        provider: "EASYPAISA",
        holderName: "Ayesha Khan",
        accountNumber: "03001234567",
        withdrawPassword: WITHDRAW_PASSWORD,
      }),
    );
    expect(added.headers.get("Location")).toBe("/member/withdraw?payee=added");
    const data = await jsonBody(loader(routeArgs(PAGE, { headers: { Cookie: member.cookie } })));
    expect(data.payees.map((payee: { maskedNumber: string }) => payee.maskedNumber)).toEqual([
      "•••• 6789",
      "•••• 4567",
    ]);

    const other = await withdrawingMember(handle.db, { balance: 0n });
    const foreign = await thrownResponse(
      action(post(member.cookie, { intent: "remove-payee", payeeId: other.payeeId })),
    );
    expect(foreign.status).toBe(404);
    const removed = await action(
      post(member.cookie, { intent: "remove-payee", payeeId: member.payeeId }),
    );
    expect(removed.headers.get("Location")).toBe("/member/withdraw?payee=removed");
    const after = await jsonBody(loader(routeArgs(PAGE, { headers: { Cookie: member.cookie } })));
    expect(after.payees).toHaveLength(1);
  });

  test("the action re-checks: a visitor goes to log in, another site's post is a 403", async () => {
    const { action } = await route();
    const visitor = await thrownResponse(action(formPost(PAGE, { intent: "add-payee" })));
    expect(visitor.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
    const member = await withdrawingMember(handle.db, { balance: 0n });
    const cross = await thrownResponse(
      action(
        formPost(
          PAGE,
          { intent: "add-payee" },
          { Cookie: member.cookie, Origin: "https://evil.example" },
        ),
      ),
    );
    expect(cross.status).toBe(403);
  });
});

describe("/member/withdraw: receipt confirmation", () => {
  const receipt = (id: string, fields: Record<string, string> = {}) => ({
    intent: "confirm-receipt",
    withdrawalId: id,
    outcome: "full",
    ...fields,
  });

  test("another member's withdrawal id is a 404", async () => {
    const { action } = await route();
    const owner = await withdrawingMember(handle.db);
    const id = await withdrawalIn(handle.db, owner, 20_000n, "paid");
    const stranger = await withdrawingMember(handle.db, { balance: 0n });
    const response = await thrownResponse(
      action(multipartPost(PAGE, stranger.cookie, receipt(id))),
    );
    expect(response.status).toBe(404);
    expect((await withdrawalRow(id)).status).toBe("paid");
  });

  test("received in full with a PNG proof: recorded; the proof is served to the member and operators only", async () => {
    const { action } = await route();
    const member = await withdrawingMember(handle.db);
    const id = await withdrawalIn(handle.db, member, 20_000n, "paid");
    const response = await action(
      multipartPost(PAGE, member.cookie, receipt(id, { note: "All good" }), [
        { name: "proof.png", bytes: TINY_PNG, type: "image/png" },
      ]),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/member/withdraw?confirmed=${id}`);
    expect(await withdrawalRow(id)).toMatchObject({
      status: "received",
      receipt: "member",
      received_amount: "20000",
      receipt_note: "All good",
    });

    const proof = await handle.db
      .selectFrom("withdrawal_proofs")
      .select(["id", "content_type"])
      .where("withdrawal_id", "=", id)
      .executeTakeFirstOrThrow();
    expect(proof.content_type).toBe("image/png");
    const { loader } = await proofRoute();
    const get = (cookie?: string) =>
      loader({
        ...routeArgs(`/resources/withdrawal-proofs/${proof.id}`, {
          headers: cookie ? { Cookie: cookie } : {},
        }),
        params: { proofId: proof.id },
      });
    const own = await get(member.cookie);
    expect(own.status).toBe(200);
    expect(own.headers.get("Content-Type")).toBe("image/png");
    expect(own.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(own.headers.get("Cache-Control")).toBe("private, no-store");
    expect(own.headers.get("Content-Disposition")).toBe("inline");
    expect(Buffer.from(await own.arrayBuffer()).equals(TINY_PNG)).toBe(true);
    expect((await get(await opsCookie(handle.db))).status).toBe(200);
    const stranger = await withdrawingMember(handle.db, { balance: 0n });
    expect((await get(stranger.cookie)).status).toBe(404);
    expect((await get()).status).toBe(404);
  });

  test("not received in full: the amount that arrived opens a dispute; out of range is an error", async () => {
    const { action } = await route();
    const member = await withdrawingMember(handle.db);
    const id = await withdrawalIn(handle.db, member, 20_000n, "paid");
    const over = await action(
      multipartPost(
        PAGE,
        member.cookie,
        receipt(id, { outcome: "partial", receivedAmount: "300.00" }),
      ),
    );
    expect(over.status).toBe(400);
    const overBody = await jsonBody(over);
    expect(overBody).toMatchObject({ form: "receipt", withdrawalId: id });
    expect(overBody.result.error.receivedAmount).toEqual([
      "The amount must be between Rs 0.00 and Rs 200.00",
    ]);
    const none = await jsonBody(
      action(multipartPost(PAGE, member.cookie, { intent: "confirm-receipt", withdrawalId: id })),
    );
    expect(none.result.error.outcome).toEqual(["Please choose whether you received the money"]);
    const partial = await action(
      multipartPost(PAGE, member.cookie, receipt(id, { outcome: "partial", receivedAmount: "50" })),
    );
    expect(partial.status).toBe(302);
    expect(await withdrawalRow(id)).toMatchObject({
      status: "disputed",
      received_amount: "5000",
      receipt: null,
    });
  });

  test("a text file named proof.png is refused with proof_type; nothing is recorded", async () => {
    const { action } = await route();
    const member = await withdrawingMember(handle.db);
    const id = await withdrawalIn(handle.db, member, 20_000n, "paid");
    const text = new TextEncoder().encode("this is not an image at all");
    const response = await action(
      multipartPost(PAGE, member.cookie, receipt(id), [
        { name: "proof.png", bytes: text, type: "image/png" },
      ]),
    );
    expect(response.status).toBe(400);
    expect((await jsonBody(response)).result.error.proofs).toEqual([
      "Proof images must be PNG or JPG",
    ]);
    expect((await withdrawalRow(id)).status).toBe("paid");
  });

  test("a file over 5 MB is refused with proof_size, not a 500", async () => {
    const { action } = await route();
    const member = await withdrawingMember(handle.db);
    const id = await withdrawalIn(handle.db, member, 20_000n, "paid");
    const big = new Uint8Array(PROOF_MAX_BYTES + 1);
    big.set(TINY_PNG);
    const response = await action(
      multipartPost(PAGE, member.cookie, receipt(id), [
        { name: "big.png", bytes: big, type: "image/png" },
      ]),
    );
    expect(response.status).toBe(400);
    const body = await jsonBody(response);
    expect(body).toMatchObject({ form: "receipt", withdrawalId: id });
    expect(body.result.error.proofs).toEqual(["Each proof image must be 5 MB or smaller"]);
    expect((await withdrawalRow(id)).status).toBe("paid");
  });

  test("four files are refused with proof_count; three are fine", async () => {
    const { action } = await route();
    const member = await withdrawingMember(handle.db);
    const id = await withdrawalIn(handle.db, member, 20_000n, "paid");
    const png = (n: number) => ({ name: `p${n}.png`, bytes: TINY_PNG, type: "image/png" });
    const four = await action(
      multipartPost(PAGE, member.cookie, receipt(id), [png(1), png(2), png(3), png(4)]),
    );
    expect(four.status).toBe(400);
    expect((await jsonBody(four)).result.error.proofs).toEqual([
      "You can upload at most 3 proof images",
    ]);
    expect((await withdrawalRow(id)).status).toBe("paid");
    const three = await action(
      multipartPost(PAGE, member.cookie, receipt(id), [png(1), png(2), png(3)]),
    );
    expect(three.status).toBe(302);
    const proofs = await handle.db
      .selectFrom("withdrawal_proofs")
      .select("id")
      .where("withdrawal_id", "=", id)
      .execute();
    expect(proofs).toHaveLength(3);
  });

  test("the loader counts overdue paid withdrawals as received first", async () => {
    const { loader } = await route();
    const member = await withdrawingMember(handle.db);
    const id = await withdrawalIn(handle.db, member, 20_000n, "paid");
    await handle.db
      .updateTable("withdrawals")
      .set({ auto_receive_at: new Date(Date.now() - 1000) })
      .where("id", "=", id)
      .execute();
    const data = await jsonBody(loader(routeArgs(PAGE, { headers: { Cookie: member.cookie } })));
    expect(data.withdrawals[0]).toMatchObject({ id, status: "received", receipt: "auto" });
  });
});

describe("/member/withdraw: unfinished bonuses", () => {
  quietServerRenderWarnings();
  const money = (minor: bigint) => formatMoney(minor, { symbol: "Rs", minorUnits: 2 }, "en");
  const grantsOf = (memberId: string) =>
    handle.db
      .selectFrom("bonus_grants")
      .select(["status", "amount"])
      .where("member_id", "=", memberId)
      .execute();

  /** The page as the server renders it, with the loader's (and a failed post's) data. */
  async function renderPage(cookie: string, actionData?: unknown) {
    const module = await route();
    const loaderData = await jsonBody(
      module.loader(routeArgs(PAGE, { headers: { Cookie: cookie } })),
    );
    const html = renderRouteHtml({
      id: "withdraw",
      path: PAGE,
      Component: module.default,
      loaderData,
      actionData,
    });
    return { loaderData, html };
  }

  test("no bonus being wagered: no warning and no box", async () => {
    const member = await withdrawingMember(handle.db);
    const { loaderData, html } = await renderPage(member.cookie);
    expect(loaderData.bonuses).toBeNull();
    expect(html).not.toContain('data-testid="withdraw-bonus-warning"');
    expect(html).not.toContain('name="forfeitBonuses"');
  });

  test("a forfeit rule: warned with the amount; refused on the box without it (typed values kept); with it the withdrawal is made and the bonus forfeited", async () => {
    const { action } = await route();
    const member = await withdrawingMember(handle.db);
    await wageringBonus(handle.db, member.memberId, 50_00n);
    const page = await renderPage(member.cookie);
    expect(page.loaderData.bonuses).toEqual({ amount: "5000", rule: "forfeit" });
    expect(page.html).toContain('data-testid="withdraw-bonus-warning"');
    expect(page.html).toContain(en.withdraw.bonus.wagering.replace("{{amount}}", money(50_00n)));
    expect(page.html).toContain(en.withdraw.bonus.forfeitNote);
    expect(page.html).toMatch(/<input[^>]*type="checkbox"[^>]*name="forfeitBonuses"[^>]*required/);
    expect(page.html).toContain(en.withdraw.bonus.forfeit);

    const refused = await action(post(member.cookie, requestFields(member.payeeId)));
    expect(refused.status).toBe(400);
    const body = await jsonBody(refused);
    expect(body.form).toBe("request");
    const message = en.rewards.error.bonus_forfeit_required.replace("{{amount}}", money(50_00n));
    expect(body.result.error.forfeitBonuses).toEqual([message]);
    expect(body.result.initialValue).toMatchObject({
      amount: "250.00",
      payeeAccountId: member.payeeId,
    });
    expect(body.result.initialValue.withdrawPassword).toBeUndefined();
    expect(await balanceOf(handle.db, member.memberId)).toBe(1_000_000n);
    expect(await grantsOf(member.memberId)).toEqual([{ status: "wagering", amount: "5000" }]);
    // The refusal shows on the box, the amount typed is still in its field.
    const failed = await renderPage(member.cookie, body);
    expect(failed.html).toContain(message);
    expect(failed.html).toMatch(/name="amount"[^>]*value="250.00"/);

    const accepted = await action(
      post(member.cookie, requestFields(member.payeeId, { forfeitBonuses: "on" })),
    );
    expect(accepted.status).toBe(302);
    expect(accepted.headers.get("Location")).toMatch(/^\/member\/withdraw\?requested=\d+$/);
    expect(await balanceOf(handle.db, member.memberId)).toBe(1_000_000n - 25_000n);
    expect(await grantsOf(member.memberId)).toEqual([{ status: "forfeited", amount: "5000" }]);
    const messages = await handle.db
      .selectFrom("member_messages")
      .select(["kind", "params"])
      .where("member_id", "=", member.memberId)
      .where("kind", "=", "promotion_forfeited")
      .execute();
    expect(messages).toEqual([
      expect.objectContaining({ params: expect.objectContaining({ reason: "withdrawal" }) }),
    ]);
    // Nothing left to warn about.
    expect((await renderPage(member.cookie)).loaderData.bonuses).toBeNull();
  });

  test("a refuse rule: warned with no box; a request (even ticked) is refused on the form and moves nothing", async () => {
    const { action } = await route();
    const member = await withdrawingMember(handle.db);
    await wageringBonus(handle.db, member.memberId, 20_00n, { withdrawalRule: "refuse" });
    const page = await renderPage(member.cookie);
    expect(page.loaderData.bonuses).toEqual({ amount: "2000", rule: "refuse" });
    expect(page.html).toContain(en.rewards.error.bonus_wagering_unfinished);
    expect(page.html).not.toContain('name="forfeitBonuses"');
    const refused = await action(
      post(member.cookie, requestFields(member.payeeId, { forfeitBonuses: "on" })),
    );
    expect(refused.status).toBe(400);
    const body = await jsonBody(refused);
    expect(body.result.error[""]).toEqual([en.rewards.error.bonus_wagering_unfinished]);
    expect(body.result.initialValue.amount).toBe("250.00");
    expect(await balanceOf(handle.db, member.memberId)).toBe(1_000_000n);
    expect(await grantsOf(member.memberId)).toEqual([{ status: "wagering", amount: "2000" }]);
  });
});
