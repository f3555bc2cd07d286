import type { ComponentType } from "react";
import { beforeAll, describe, expect, test } from "vitest";
import { postMessage, type MessageKind } from "~/platform/content/messages.server";
import { inTransaction } from "~/platform/db/transaction.server";
import {
  forfeitGrant,
  lockWageringGrants,
  releaseGrant,
} from "~/platform/rewards/bonus-grants.server";
import { HOUSE, MAIN, postEntry } from "~/platform/wallet/ledger.server";
import { formatMoney } from "~/utils/money";
import en from "../../locales/en/common.json";
import ur from "../../locales/ur/common.json";
import { useSeededDatabase } from "../helpers/database";
import { renderRouteHtml } from "../helpers/render-html";
import { wageringBonus } from "../helpers/rewards";
import { jsonBody, quietServerRenderWarnings, routeArgs, signInMember } from "../helpers/routes";
import { formKey, insertMember } from "../helpers/wallet";

/**
 * The member centre's pages that show what the rewards platform did (ADR 15,
 * 16): the platform messages of every reward kind, each under its promotion's
 * title in the reader's language with a link to the reward centre there, and
 * the bonus records and transaction history with a clear title for a bonus,
 * its release or forfeit, a rebate and a VIP upgrade bonus.
 */
const handle = useSeededDatabase((ready) => {
  globalThis.__platformDatabase = Promise.resolve(ready);
});
quietServerRenderWarnings();

const CURRENCY = { symbol: "Rs", minorUnits: 2 };
const money = (minor: bigint, language = "en") => formatMoney(minor, CURRENCY, language);
/** A label with its {{values}} filled, as the page shows it (HTML-escaped like React does). */
const fill = (label: string, values: Record<string, string>) =>
  escape(label.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? ""));
const escape = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/'/g, "&#x27;");

let member: { id: string; cookie: string };
let promotionId: string;
let promotionCode: string;

beforeAll(async () => {
  const id = await insertMember(handle.db);
  member = { id, cookie: (await signInMember(handle.db, id)).cookie };
  // Two bonuses being wagered: one released, one forfeited below; their promotions' titles in EN and UR.
  promotionId = await wageringBonus(handle.db, id, 30_00n, {
    titles: { en: "Spring match", ur: "بہار میچ" },
  });
  const forfeitedPromotion = await wageringBonus(handle.db, id, 12_00n, {
    titles: { en: "Autumn match", ur: "خزاں میچ" },
  });
  const promotion = await handle.db
    .selectFrom("promotions")
    .select("code")
    .where("id", "=", promotionId)
    .executeTakeFirstOrThrow();
  promotionCode = promotion.code;
  // The first one's turnover met (as settled bets would), so it may be released.
  await handle.db
    .updateTable("bonus_grants")
    .set((eb) => ({ turnover_done: eb.ref("turnover_required") }))
    .where("promotion_id", "=", promotionId)
    .execute();
  await inTransaction(handle.db, async (trx) => {
    const grants = await lockWageringGrants(trx, id);
    const now = new Date();
    await releaseGrant(
      trx,
      grants.find((g) => g.promotion_id === promotionId)!,
      now,
    );
    await forfeitGrant(
      trx,
      grants.find((g) => g.promotion_id === forfeitedPromotion)!,
      "expiry",
      now,
    );
  });
  // A rebate and a VIP upgrade bonus are bonus entries with a source, as the platform posts them.
  for (const [source, amount] of [
    ["rebate", 7_00n],
    ["vip_upgrade", 8_00n],
  ] as const) {
    await postEntry(handle.db, {
      key: `test:${source}:${formKey()}`,
      kind: "bonus",
      memberId: id,
      memo: { source },
      movements: [{ from: { house: HOUSE.bonuses }, to: { memberId: id, kind: MAIN }, amount }],
    });
  }
});

const as = (url: string) => routeArgs(url, { headers: { Cookie: member.cookie } });

/** A route's page rendered on the server with its loader's data, in `language`. */
function render(
  id: string,
  path: string,
  Component: ComponentType,
  loaderData: unknown,
  language: "en" | "ur" = "en",
) {
  return renderRouteHtml({ id, path, Component, loaderData, language });
}

describe("/member/messages: the rewards platform's messages", () => {
  const GONE = "999999999";

  beforeAll(async () => {
    const messages: [MessageKind, Record<string, string>][] = [
      ["promotion_claimable", { promotion: promotionId, amount: "1500" }],
      ["promotion_issued", { promotion: promotionId, amount: "3000" }],
      ["application_approved", { promotion: promotionId, amount: "2500" }],
      ["application_rejected", { promotion: promotionId, reason: "The proof is <blurred>" }],
      ["cashback_issued", { promotion: promotionId, amount: "420", loss: "4200" }],
      ["red_envelope", { promotion: promotionId, amount: "88" }],
      ["vip_upgraded", { level: "2", amount: "0" }],
      ["vip_upgraded_bonus", { level: "3", amount: "10000" }],
      // A promotion deleted since (or never there): the message still shows.
      ["promotion_issued", { promotion: GONE, amount: "777" }],
    ];
    const at = Date.now();
    for (const [index, [kind, params]] of messages.entries())
      await postMessage(handle.db, member.id, kind, params, new Date(at + index));
  });

  test("each kind names its promotion by code and title in the reader's language, or null when gone", async () => {
    const { loader } = await import("~/routes/_portal+/member+/messages");
    const english = await jsonBody(loader(as("/member/messages")));
    const named = english.messages.filter(
      (message: { params: { promotion?: string } }) => message.params.promotion === promotionId,
    );
    // The platform's own (released, forfeited) and the eight posted above that name it.
    expect(named.length).toBeGreaterThanOrEqual(7);
    for (const message of named)
      expect(message.promotion).toEqual({ code: promotionCode, title: "Spring match" });
    const gone = english.messages.find(
      (message: { params: { promotion?: string } }) => message.params.promotion === GONE,
    );
    expect(gone.promotion).toBeNull();
    const vip = english.messages.find(
      (message: { kind: string }) => message.kind === "vip_upgraded",
    );
    expect(vip).not.toHaveProperty("promotion");
    const urdu = await jsonBody(loader(as("/member/messages?lng=ur")));
    expect(
      urdu.messages.find((message: { kind: string }) => message.kind === "promotion_released")
        .promotion,
    ).toEqual({ code: promotionCode, title: "بہار میچ" });
  });

  test("the page renders every kind translated, amounts as money, a forfeit's reason, a rejection's text and the reward centre link", async () => {
    const module = await import("~/routes/_portal+/member+/messages");
    const data = await jsonBody(module.loader(as("/member/messages")));
    const html = render("messages", "/member/messages", module.default, data);
    const m = en.rewards.messages;
    for (const text of [
      fill(m.promotion_claimable, { amount: money(1500n) }),
      fill(m.promotion_issued, { amount: money(3000n) }),
      fill(m.promotion_released, { amount: money(30_00n) }),
      fill(m.promotion_forfeited, {
        amount: money(12_00n),
        reason: en.rewards.forfeitReason.expiry,
      }),
      fill(m.application_approved, { amount: money(2500n) }),
      fill(m.application_rejected, { reason: "The proof is <blurred>" }),
      fill(m.cashback_issued, { amount: money(420n) }),
      fill(m.red_envelope, { amount: money(88n) }),
      fill(en.messagesPage.kinds.vip_upgraded, { level: "2" }),
      fill(en.messagesPage.kinds.vip_upgraded_bonus, { level: "3", amount: money(10_000n) }),
      fill(m.promotion_issued, { amount: money(777n) }),
      escape(en.messagesPage.promotionGone),
    ])
      expect(html).toContain(text);
    expect(html).toContain(`href="/member/rewards?promotion=${promotionCode}"`);
    expect(html).toContain(">Spring match</a>");
    expect(html).not.toContain(escape(en.messagesPage.unknown));
    expect(html).not.toContain("{{");
  });

  test("in Urdu: the promotion's Urdu title and the Urdu wording", async () => {
    const module = await import("~/routes/_portal+/member+/messages");
    const data = await jsonBody(module.loader(as("/member/messages?lng=ur")));
    const html = render("messages", "/member/messages", module.default, data, "ur");
    expect(html).toContain(">بہار میچ</a>");
    expect(html).toContain(
      fill(ur.rewards.messages.promotion_forfeited, {
        amount: money(12_00n, "ur"),
        reason: ur.rewards.forfeitReason.expiry,
      }),
    );
    expect(html).not.toContain(escape(ur.messagesPage.unknown));
  });
});

describe("bonus records and transaction history: the new bonus kinds", () => {
  test("/member/bonus: bonus, release, forfeit, rebate and VIP bonus each with a clear title, totals counting each bonus once", async () => {
    const module = await import("~/routes/_portal+/member+/bonus");
    const data = await jsonBody(module.loader(as("/member/bonus")));
    const rows = data.records.rows.map(
      (row: {
        kind: string;
        source: string | null;
        wallet: string;
        amount: string;
        promotion: { code: string; title: string } | null;
      }) => [row.kind, row.source, row.wallet, row.amount, row.promotion?.title ?? null],
    );
    expect(rows).toEqual(
      expect.arrayContaining([
        ["bonus", null, "BONUS", "3000", "Spring match"],
        ["bonus", null, "BONUS", "1200", "Autumn match"],
        ["bonus_release", null, "BONUS", "-3000", "Spring match"],
        ["bonus_release", null, "MAIN", "3000", "Spring match"],
        ["bonus_forfeit", null, "BONUS", "-1200", "Autumn match"],
        ["bonus", "rebate", "MAIN", "700", null],
        ["bonus", "vip_upgrade", "MAIN", "800", null],
      ]),
    );
    expect(rows).toHaveLength(7);
    // Issued 30 + 12, 12 forfeited, 7 rebate, 8 VIP: 45.00 reached the member.
    expect(data.records.totals).toEqual({ amount: "4500" });
    const html = render("bonus", "/member/bonus", module.default, data);
    for (const label of [
      en.records.kinds.bonus,
      en.rewards.entryKinds.bonus_release,
      en.rewards.entryKinds.bonus_forfeit,
      en.rebate.title,
      en.vipLevels.upgradeBonus,
      en.records.bonusWallet,
      en.records.mainWallet,
    ])
      expect(html).toContain(escape(label));
    expect(html).toContain(`href="/member/rewards?promotion=${promotionCode}"`);
    expect(html).not.toMatch(/>(BONUS|bonus_release|bonus_forfeit)</);
    const urdu = await jsonBody(module.loader(as("/member/bonus?lng=ur")));
    const urduHtml = render("bonus", "/member/bonus", module.default, urdu, "ur");
    expect(urduHtml).toContain("بہار میچ");
    expect(urduHtml).toContain(ur.rewards.entryKinds.bonus_forfeit);
  });

  test("/member/transactions: the bonus type lists the release and forfeit under their labels", async () => {
    const module = await import("~/routes/_portal+/member+/transactions");
    const data = await jsonBody(module.loader(as("/member/transactions?type=bonus")));
    expect(data.records.rows.map((row: { kind: string }) => row.kind).sort()).toEqual([
      "bonus",
      "bonus",
      "bonus",
      "bonus",
      "bonus_forfeit",
      "bonus_release",
      "bonus_release",
    ]);
    const html = render("transactions", "/member/transactions", module.default, data);
    for (const label of [
      en.rewards.entryKinds.bonus_release,
      en.rewards.entryKinds.bonus_forfeit,
      en.rebate.title,
      en.vipLevels.upgradeBonus,
      en.records.bonusWallet,
    ])
      expect(html).toContain(escape(label));
    expect(html).not.toMatch(/>(BONUS|bonus_release|bonus_forfeit)</);
  });
});
