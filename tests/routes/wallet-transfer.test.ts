import { createRemixStub } from "@remix-run/testing";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { findMemberByAccount } from "~/platform/identity/members.server";
import { hashPassword } from "~/platform/identity/secrets.server";
import { mainBalance, walletBalances } from "~/platform/wallet/balance.server";
import { HOUSE, MAIN, memberKey, postEntry } from "~/platform/wallet/ledger.server";
import { I18nProvider, LabelSourceProvider, type LabelSource } from "~/utils/i18n";
import en from "../../locales/en/common.json";
import { useSeededDatabase, withBrand } from "../helpers/database";
import {
  formPost,
  jsonBody,
  routeArgs,
  signInAs,
  signInMember,
  thrownResponse,
  quietServerRenderWarnings,
} from "../helpers/routes";
import { formKey, insertMember } from "../helpers/wallet";

// The routes' database is this test database.
const handle = useSeededDatabase((ready) => {
  globalThis.__platformDatabase = Promise.resolve(ready);
});

const route = () => import("~/routes/_portal+/member+/transfer");
const uplineRoute = () => import("~/routes/_portal+/member+/transfer-upline");
/** The demo brand's vendor wallets (demo.json), in its order. */
const VENDORS = ["SBO", "IBC", "CMD", "IMES", "SV3"];

/** A fresh member of its own with `minor` in MAIN, signed in. */
async function fundedMember(minor: bigint, values: { type?: number; parentId?: string } = {}) {
  const id = await insertMember(handle.db, values);
  if (minor > 0n) await credit(id, minor);
  const { cookie } = await signInMember(handle.db, id);
  return { id, cookie };
}

function credit(memberId: string, minor: bigint) {
  return postEntry(handle.db, {
    key: memberKey(memberId, "test-credit", formKey()),
    kind: "deposit",
    memberId,
    movements: [{ from: { house: HOUSE.payments }, to: { memberId, kind: MAIN }, amount: minor }],
  });
}

const balances = (memberId: string) => walletBalances(handle.db, memberId, VENDORS);
const page = (cookie: string, query = "") =>
  routeArgs(`/member/transfer${query}`, { headers: { Cookie: cookie } });
const post = (cookie: string, fields: Record<string, string>) =>
  formPost("/member/transfer", fields, { Cookie: cookie });
const transfer = (
  cookie: string,
  fields: { from: string; to: string; amount: string; idempotencyKey?: string },
) => post(cookie, { intent: "transfer", idempotencyKey: formKey(), ...fields });

/** The entry id a success redirect points at. */
function doneId(response: Response, path = "/member/transfer") {
  expect(response.status).toBe(302);
  const location = response.headers.get("Location") ?? "";
  expect(location).toMatch(new RegExp(`^${path}\\?done=\\d+$`));
  return location.split("done=")[1]!;
}

describe("/member/transfer loader", () => {
  test("a visitor goes to log in; a member sees MAIN and each vendor wallet by name, the total and one key per form", async () => {
    const { loader } = await route();
    const visitor = await thrownResponse(loader(routeArgs("/member/transfer")));
    expect(visitor.headers.get("Location")).toBe("/login?redirectTo=%2Fmember%2Ftransfer");

    const member = await fundedMember(12_345n);
    const data = await jsonBody(loader(page(member.cookie)));
    expect(data.title).toBe("Transfer funds");
    expect(data.canTransfer).toBe(true);
    expect(data.wallets[0]).toEqual({ code: "MAIN", name: "Main wallet", balance: "12345" });
    expect(data.wallets.map((wallet: { code: string }) => wallet.code)).toEqual([
      "MAIN",
      ...VENDORS,
    ]);
    expect(data.wallets[1]).toEqual({ code: "SBO", name: "SBO Sports", balance: "0" });
    expect(data.total).toBe("12345");
    expect(data.done).toBeNull();
    expect(data.transferKey).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(data.allToMainKey).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(data.transferKey).not.toBe(data.allToMainKey);
    // Every render makes new keys: a finished transfer's key is never offered again.
    expect((await jsonBody(loader(page(member.cookie)))).transferKey).not.toBe(data.transferKey);
  });

  test("a shortcut's pair prefills the form; a wallet that is not the member's is ignored", async () => {
    const { loader } = await route();
    const member = await fundedMember(0n);
    expect((await jsonBody(loader(page(member.cookie, "?from=IBC&to=MAIN")))).prefill).toEqual({
      from: "IBC",
      to: "MAIN",
    });
    expect(
      (await jsonBody(loader(page(member.cookie, "?from=NOPE&to=HOUSE:PAYMENTS")))).prefill,
    ).toEqual({});
  });

  test("a trial account is sent to the real-account notice, from the loader and from the action", async () => {
    const { loader, action } = await route();
    const trial = await fundedMember(10_000n, { type: 4 });
    const fromLoader = await thrownResponse(loader(page(trial.cookie)));
    expect(fromLoader.headers.get("Location")).toBe("/?modal=real-account");
    const fromAction = await thrownResponse(
      action(transfer(trial.cookie, { from: "MAIN", to: "SBO", amount: "10" })),
    );
    expect(fromAction.headers.get("Location")).toBe("/?modal=real-account");
    expect((await balances(trial.id)).main).toBe("10000");
  });

  test("another member's entry id, a non-transfer entry or a malformed id shows no note", async () => {
    const { loader, action } = await route();
    const owner = await fundedMember(10_000n);
    const entry = doneId(
      await action(transfer(owner.cookie, { from: "MAIN", to: "SBO", amount: "10" })),
    );
    expect((await jsonBody(loader(page(owner.cookie, `?done=${entry}`)))).done).toBe(
      "Rs 10.00 moved from Main wallet to SBO Sports.",
    );

    const stranger = await fundedMember(0n);
    expect((await jsonBody(loader(page(stranger.cookie, `?done=${entry}`)))).done).toBeNull();
    const deposit = await credit(owner.id, 1n);
    expect((await jsonBody(loader(page(owner.cookie, `?done=${deposit.id}`)))).done).toBeNull();
    expect((await jsonBody(loader(page(owner.cookie, "?done=1;drop")))).done).toBeNull();
    expect(
      (await jsonBody(loader(page(owner.cookie, "?done=99999999999999999999")))).done,
    ).toBeNull();
  });
});

describe("/member/transfer action", () => {
  test("MAIN → a vendor wallet and back: redirects to the note, balances follow", async () => {
    const { action } = await route();
    const member = await fundedMember(10_000n);
    doneId(await action(transfer(member.cookie, { from: "MAIN", to: "SBO", amount: "25.50" })));
    expect(await balances(member.id)).toMatchObject({ main: "7450", total: "10000" });
    expect((await balances(member.id)).vendors[0]).toEqual({ vassalage: "SBO", balance: "2550" });
    doneId(await action(transfer(member.cookie, { from: "SBO", to: "MAIN", amount: "0.50" })));
    expect((await balances(member.id)).main).toBe("7500");
  });

  test("insufficient balance: a 400 with the message on the amount, the entered values kept, nothing moved", async () => {
    const { action } = await route();
    const member = await fundedMember(1_000n);
    const response = await action(
      transfer(member.cookie, { from: "MAIN", to: "IBC", amount: "10.01" }),
    );
    expect(response.status).toBe(400);
    const data = await jsonBody(response);
    expect(data.intent).toBe("transfer");
    expect(data.result.error.amount).toEqual(["Insufficient balance"]);
    expect(data.result.initialValue).toMatchObject({ from: "MAIN", to: "IBC", amount: "10.01" });
    expect((await balances(member.id)).main).toBe("1000");
  });

  test("validation and wallet errors land on their fields", async () => {
    const { action } = await route();
    const member = await fundedMember(1_000n);
    const empty = await jsonBody(
      action(transfer(member.cookie, { from: "MAIN", to: "SBO", amount: "" })),
    );
    expect(empty.result.error.amount).toEqual(["Please enter an amount"]);
    const bad = await jsonBody(
      action(transfer(member.cookie, { from: "MAIN", to: "SBO", amount: "1.234" })),
    );
    expect(bad.result.error.amount).toEqual(["Please enter a valid amount (up to 2 decimals)"]);
    const same = await jsonBody(
      action(transfer(member.cookie, { from: "SBO", to: "SBO", amount: "1" })),
    );
    expect(same.result.error.to).toEqual(["Choose two different wallets"]);
    const vendorToVendor = await jsonBody(
      action(transfer(member.cookie, { from: "SBO", to: "IBC", amount: "1" })),
    );
    expect(vendorToVendor.result.error[""]).toEqual(["This wallet is not available"]);
    const foreign = await jsonBody(
      action(transfer(member.cookie, { from: "MAIN", to: "NOPE", amount: "1" })),
    );
    expect(foreign.result.error[""]).toEqual(["This wallet is not available"]);
    const stale = await action(
      transfer(member.cookie, { from: "MAIN", to: "SBO", amount: "1", idempotencyKey: "x" }),
    );
    expect(stale.status).toBe(400);
    expect((await jsonBody(stale)).result.error[""]).toEqual([
      "This form has expired. Please try again.",
    ]);
    expect((await balances(member.id)).main).toBe("1000");
  });

  test("the same key posted twice moves the money once; both land on the same note", async () => {
    const { action } = await route();
    const member = await fundedMember(10_000n);
    const fields = { from: "MAIN", to: "CMD", amount: "30", idempotencyKey: formKey() };
    const [first, second] = await Promise.all([
      action(transfer(member.cookie, fields)),
      action(transfer(member.cookie, fields)),
    ]);
    expect(doneId(first)).toBe(doneId(second));
    const third = await action(transfer(member.cookie, fields));
    expect(doneId(third)).toBe(doneId(first));
    expect((await balances(member.id)).main).toBe("7000");
  });

  test("all back to main: every vendor wallet in one entry; with nothing left, a form error", async () => {
    const { action, loader } = await route();
    const member = await fundedMember(10_000n);
    doneId(await action(transfer(member.cookie, { from: "MAIN", to: "SBO", amount: "10" })));
    doneId(await action(transfer(member.cookie, { from: "MAIN", to: "SV3", amount: "20" })));
    const key = formKey();
    const entry = doneId(
      await action(post(member.cookie, { intent: "all-to-main", idempotencyKey: key })),
    );
    expect(await balances(member.id)).toMatchObject({ main: "10000", total: "10000" });
    expect((await jsonBody(loader(page(member.cookie, `?done=${entry}`)))).done).toBe(
      "Rs 30.00 moved back to the main wallet.",
    );
    // A repeat of the same click is the same entry, not "nothing to transfer".
    expect(
      doneId(await action(post(member.cookie, { intent: "all-to-main", idempotencyKey: key }))),
    ).toBe(entry);

    const empty = await action(
      post(member.cookie, { intent: "all-to-main", idempotencyKey: formKey() }),
    );
    expect(empty.status).toBe(400);
    const data = await jsonBody(empty);
    expect(data.intent).toBe("all-to-main");
    expect(data.result.error[""]).toEqual([
      "There is nothing to bring back: all vendor wallets are empty",
    ]);
  });

  test("a visitor's post goes to log in; another site's post is a 403; an unknown intent is a 400", async () => {
    const { action } = await route();
    const member = await fundedMember(1_000n);
    const visitor = await thrownResponse(
      action(
        formPost("/member/transfer", { intent: "transfer", from: "MAIN", to: "SBO", amount: "1" }),
      ),
    );
    expect(visitor.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
    const cross = await thrownResponse(
      action(
        formPost(
          "/member/transfer",
          { intent: "transfer", from: "MAIN", to: "SBO", amount: "1", idempotencyKey: formKey() },
          { Cookie: member.cookie, Origin: "https://evil.example" },
        ),
      ),
    );
    expect(cross.status).toBe(403);
    expect((await thrownResponse(action(post(member.cookie, { intent: "steal" })))).status).toBe(
      400,
    );
    expect((await balances(member.id)).main).toBe("1000");
  });
});

describe("/member/transfer in single-wallet mode (GCS_merchantWallet isSingle)", () => {
  quietServerRenderWarnings();

  async function renderPage(cookie: string) {
    const module = await route();
    const loaderData = await jsonBody(module.loader(page(cookie)));
    const source: LabelSource = { initialLocale: "en", get: () => en, load: async () => en };
    const Stub = createRemixStub([
      { id: "transfer", path: "/member/transfer", Component: module.default },
    ]);
    const html = renderToString(
      createElement(
        LabelSourceProvider,
        { value: source },
        createElement(
          I18nProvider,
          null,
          createElement(Stub, {
            initialEntries: ["/member/transfer"],
            hydrationData: { loaderData: { transfer: loaderData } },
          }),
        ),
      ),
    );
    return { loaderData, html };
  }

  test("with vendor wallets the page has both forms and the shortcuts", async () => {
    const member = await fundedMember(5_000n);
    const { html } = await renderPage(member.cookie);
    expect(html).toContain('data-testid="transfer-form"');
    expect(html).toContain('data-testid="all-to-main-form"');
    expect(html).toContain('href="/member/transfer?from=MAIN&amp;to=SBO#transfer-form"');
    expect(html).toContain("SBO Sports");
  });

  test("one wallet: only MAIN, a note, no forms; a posted transfer is refused", async () => {
    const member = await fundedMember(5_000n);
    await withBrand(
      handle.db,
      (brand) => {
        brand.wallet.isSingle = true;
      },
      async () => {
        const { loaderData, html } = await renderPage(member.cookie);
        expect(loaderData.canTransfer).toBe(false);
        expect(loaderData.wallets.map((wallet: { code: string }) => wallet.code)).toEqual(["MAIN"]);
        expect(html).toContain(
          "This site uses one wallet for all games, so there is nothing to transfer.",
        );
        expect(html).toContain("Rs 50.00");
        expect(html).not.toContain('data-testid="transfer-form"');
        expect(html).not.toContain('data-testid="all-to-main-form"');
        expect(html).not.toContain("SBO Sports");

        const { action } = await route();
        const refused = await jsonBody(
          action(transfer(member.cookie, { from: "MAIN", to: "SBO", amount: "1" })),
        );
        expect(refused.result.error[""]).toEqual([
          "This site uses a single wallet; transfers are not needed",
        ]);
        expect((await balances(member.id)).main).toBe("5000");
      },
    );
  });
});

const UPLINE_WITHDRAW_PASSWORD = "246810";
let withdrawHash: string | undefined;

describe("/member/transfer-upline", () => {
  /**
   * A post of the form with the withdraw password money out asks for (set here for every
   * member that has none yet, so each test's members can send).
   */
  const upline = async (cookie: string, fields: Record<string, string>) => {
    withdrawHash ??= await hashPassword(UPLINE_WITHDRAW_PASSWORD);
    await handle.db
      .updateTable("members")
      .set({ withdraw_password_hash: withdrawHash })
      .where("withdraw_password_hash", "is", null)
      .execute();
    return formPost(
      "/member/transfer-upline",
      {
        intent: "transfer-upline",
        idempotencyKey: formKey(),
        withdrawPassword: UPLINE_WITHDRAW_PASSWORD,
        ...fields,
      },
      { Cookie: cookie },
    );
  };

  test("crew01 sends money to agent01: the agent is named, balances move, the note says so", async () => {
    const { loader, action } = await uplineRoute();
    const { member: crew, cookie } = await signInAs(handle.db, "crew01");
    const agent = (await findMemberByAccount(handle.db, "agent01"))!;
    await credit(crew.id, 5_000n);
    const agentBefore = BigInt(await mainBalance(handle.db, agent));
    const crewBefore = BigInt(await mainBalance(handle.db, crew));

    const data = await jsonBody(
      loader(routeArgs("/member/transfer-upline", { headers: { Cookie: cookie } })),
    );
    expect(data).toMatchObject({
      title: "Transfer to agent",
      agent: "Harbour Master (agent01)",
      balance: crewBefore.toString(),
      done: null,
    });
    expect(data.formKey).toMatch(/^[A-Za-z0-9_-]{16,64}$/);

    const key = formKey();
    const entry = doneId(
      await action(await upline(cookie, { amount: "12.34", idempotencyKey: key })),
      "/member/transfer-upline",
    );
    // The same key again: the same entry, no second payment.
    expect(
      doneId(
        await action(await upline(cookie, { amount: "12.34", idempotencyKey: key })),
        "/member/transfer-upline",
      ),
    ).toBe(entry);
    expect(BigInt(await mainBalance(handle.db, agent))).toBe(agentBefore + 1_234n);
    expect(BigInt(await mainBalance(handle.db, crew))).toBe(crewBefore - 1_234n);

    const after = await jsonBody(
      loader(routeArgs(`/member/transfer-upline?done=${entry}`, { headers: { Cookie: cookie } })),
    );
    expect(after.done).toBe("Rs 12.34 sent to Harbour Master (agent01).");
    // A wallet-to-wallet entry is not an upline note.
    const other = await fundedMember(1_000n, { parentId: agent.id });
    const { action: walletAction } = await route();
    const own = doneId(
      await walletAction(transfer(other.cookie, { from: "MAIN", to: "SBO", amount: "1" })),
    );
    const foreign = await jsonBody(
      loader(
        routeArgs(`/member/transfer-upline?done=${own}`, { headers: { Cookie: other.cookie } }),
      ),
    );
    expect(foreign.done).toBeNull();
    const stranger = await jsonBody(
      loader(
        routeArgs(`/member/transfer-upline?done=${entry}`, { headers: { Cookie: other.cookie } }),
      ),
    );
    expect(stranger.done).toBeNull();
  });

  test("more than the main balance: a 400 on the amount, the amount kept, nothing moved", async () => {
    const { action } = await uplineRoute();
    const agent = (await findMemberByAccount(handle.db, "agent01"))!;
    const member = await fundedMember(1_000n, { parentId: agent.id });
    const response = await action(await upline(member.cookie, { amount: "10.01" }));
    expect(response.status).toBe(400);
    const data = await jsonBody(response);
    expect(data.result.error.amount).toEqual(["Insufficient balance"]);
    expect(data.result.initialValue.amount).toBe("10.01");
    expect((await balances(member.id)).main).toBe("1000");
  });

  test("a member without an agent gets a 404 from the loader and the action", async () => {
    const { loader, action } = await uplineRoute();
    const { cookie } = await signInAs(handle.db, "player01");
    const page = await thrownResponse(
      loader(routeArgs("/member/transfer-upline", { headers: { Cookie: cookie } })),
    );
    expect(page.status).toBe(404);
    const posted = await thrownResponse(action(await upline(cookie, { amount: "1" })));
    expect(posted.status).toBe(404);
  });

  test("a trial account is sent to the real-account notice", async () => {
    const { loader } = await uplineRoute();
    const agent = (await findMemberByAccount(handle.db, "agent01"))!;
    const trial = await fundedMember(0n, { type: 4, parentId: agent.id });
    const response = await thrownResponse(
      loader(routeArgs("/member/transfer-upline", { headers: { Cookie: trial.cookie } })),
    );
    expect(response.headers.get("Location")).toBe("/?modal=real-account");
  });
});
