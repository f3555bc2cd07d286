import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/platform/db/open.server";
import { decideApplication, listApplications } from "~/platform/rewards/applications.server";
import { claimableCount } from "~/platform/rewards/claimable.server";
import { listGrants } from "~/platform/rewards/grants-admin.server";
import {
  applyForPromotion,
  claimPromotion,
  joinPromotion,
} from "~/platform/rewards/promotion-actions.server";
import {
  setPromotionStatus,
  updatePromotion,
  promotionFormValues,
} from "~/platform/rewards/promotion-admin.server";
import { promotionInputSchema } from "~/platform/rewards/promotion-input";
import {
  findPromotion,
  listPromotions,
  rewardCentre,
} from "~/platform/rewards/promotion-views.server";
import { confirmDeposit, createDeposit } from "~/platform/wallet/deposits.server";
import { createTestDatabase } from "../../helpers/database";
import { codeOf } from "../../helpers/play";
import { operatorAct, publishedPromotion } from "../../helpers/rewards";
import { formKey, insertMember, testWalletPolicy } from "../../helpers/wallet";
import { TINY_PNG } from "../../helpers/withdrawals";

/**
 * A member's moves (join, claim, apply) are idempotent and refused when they
 * do not fit; what the pages read (list, detail, reward centre, the header's
 * count); the operator's decisions and the input schema's refinements.
 */
let handle: DatabaseHandle;
let act: Awaited<ReturnType<typeof operatorAct>>;
beforeAll(async () => {
  handle = await createTestDatabase({ poolSize: 10 });
  act = await operatorAct(handle.db);
});
afterAll(() => handle?.close());

const db = () => handle.db;
const view = { language: "ur", fallbackLanguage: "en" };

async function deposit(memberId: string, amount: bigint) {
  const created = await createDeposit(
    db(),
    { memberId, channel: "demo-pay", amount, key: formKey() },
    testWalletPolicy(),
  );
  await confirmDeposit(db(), created.id);
}

describe("join and claim", () => {
  it("join → joined → (deposit) claim → claimed, every repeat answering the same state", async () => {
    const promotionId = await publishedPromotion(db(), act);
    const memberId = await insertMember(db());
    expect((await findPromotion(db(), { ...view, promotionId, memberId }))?.state).toBe("join");
    expect((await findPromotion(db(), { ...view, promotionId, memberId: null }))?.state).toBe(
      "join",
    );
    const joins = await Promise.all(
      Array.from({ length: 10 }, () => joinPromotion(db(), { memberId, promotionId })),
    );
    expect(joins.filter((join) => join.changed)).toHaveLength(1);
    expect(new Set(joins.map((join) => join.state))).toEqual(new Set(["joined"]));
    expect(await codeOf(claimPromotion(db(), { memberId, promotionId }))).toBe(
      "promotion_action_refused",
    );

    await deposit(memberId, 30_000n);
    const card = await findPromotion(db(), { ...view, promotionId, memberId });
    expect(card).toMatchObject({ state: "claim", amount: "30000", title: "ٹیسٹ پروموشن" });
    expect(card!.rulesHtml).toBe("<p>Rules</p>");
    expect(await claimableCount(db(), memberId)).toBe(1);

    const claims = await Promise.all(
      Array.from({ length: 10 }, () => claimPromotion(db(), { memberId, promotionId })),
    );
    expect(claims.filter((claim) => claim.changed)).toHaveLength(1);
    expect(new Set(claims.map((claim) => claim.state))).toEqual(new Set(["claimed"]));
    const bonuses = await db()
      .selectFrom("entries")
      .select("idempotency_key")
      .where("member_id", "=", memberId)
      .where("kind", "=", "bonus")
      .execute();
    expect(bonuses).toHaveLength(1);
    expect(await claimableCount(db(), memberId)).toBe(0);
    expect(await codeOf(joinPromotion(db(), { memberId, promotionId }))).toBe(
      "promotion_action_refused",
    );
    const centre = await rewardCentre(db(), { ...view, memberId });
    expect(centre.history.map((entry) => [entry.id, entry.state])).toEqual([
      [promotionId, "claimed"],
    ]);
  });

  it("refuses unknown, draft, coming-soon, closed and ill-fitting promotions, and ineligible members", async () => {
    const memberId = await insertMember(db());
    const draft = await publishedPromotion(db(), act, {}, "draft");
    const closed = await publishedPromotion(db(), act, {}, "closed");
    const soon = await publishedPromotion(db(), act, {
      showsFrom: new Date(Date.now() - 1_000).toISOString(),
      startsAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    const automatic = await publishedPromotion(db(), act, { claimMode: "automatic" });
    const vip = await publishedPromotion(db(), act, { vipMin: 3 });
    for (const promotionId of ["nope", "999999", draft])
      expect(await codeOf(joinPromotion(db(), { memberId, promotionId }))).toBe(
        "promotion_not_found",
      );
    expect(await codeOf(joinPromotion(db(), { memberId, promotionId: closed }))).toBe(
      "promotion_closed",
    );
    expect(await codeOf(joinPromotion(db(), { memberId, promotionId: soon }))).toBe(
      "promotion_coming_soon",
    );
    expect(await codeOf(joinPromotion(db(), { memberId, promotionId: automatic }))).toBe(
      "promotion_action_refused",
    );
    expect(await codeOf(joinPromotion(db(), { memberId, promotionId: vip }))).toBe(
      "promotion_not_eligible",
    );
    const trial = await insertMember(db(), { type: 4 });
    expect(await codeOf(joinPromotion(db(), { memberId: trial, promotionId: soon }))).toBe(
      "promotion_coming_soon",
    );
    expect((await findPromotion(db(), { ...view, promotionId: soon, memberId }))?.state).toBe(
      "coming_soon",
    );
    expect((await findPromotion(db(), { ...view, promotionId: closed, memberId }))?.state).toBe(
      "close",
    );
    expect(await findPromotion(db(), { ...view, promotionId: draft, memberId })).toBeUndefined();
    const listed = (await listPromotions(db(), { ...view, memberId })).map((p) => p.id);
    expect(listed).toEqual(expect.arrayContaining([closed, soon, automatic, vip]));
    expect(listed).not.toContain(draft);
  });

  it("a first-deposit bonus goes only to a first deposit, and an automatic one pays at once", async () => {
    const promotionId = await publishedPromotion(db(), act, { claimMode: "automatic" });
    const memberId = await insertMember(db());
    expect((await findPromotion(db(), { ...view, promotionId, memberId }))?.state).toBe("joined");
    await deposit(memberId, 20_000n);
    await deposit(memberId, 20_000n);
    expect(await findPromotion(db(), { ...view, promotionId, memberId })).toMatchObject({
      state: "issued",
      amount: "20000",
    });
    const bonuses = await db()
      .selectFrom("bonus_grants")
      .select("amount")
      .where("member_id", "=", memberId)
      .where("promotion_id", "=", promotionId)
      .execute();
    expect(bonuses).toEqual([{ amount: "20000" }]);
  });
});

describe("apply and the operator's decision", () => {
  it("applies once with a comment and proofs, then an approval pays once and tells the member", async () => {
    const promotionId = await publishedPromotion(db(), act, {
      kind: "apply",
      claimMode: "apply",
      rewardBps: "",
      rewardCap: "",
    });
    const memberId = await insertMember(db());
    const input = {
      memberId,
      promotionId,
      comment: " VIP 4 elsewhere ",
      proofs: [{ contentType: "image/png", bytes: TINY_PNG }],
    };
    const applied = await Promise.all([1, 2, 3].map(() => applyForPromotion(db(), input)));
    expect(applied.filter((a) => a.changed)).toHaveLength(1);
    const proofs = await db().selectFrom("promotion_proofs").select("id").execute();
    expect(proofs).toHaveLength(1);
    const queue = await listApplications(db(), { page: 1, pageSize: 20 });
    const mine = queue.applications.find((a) => a.memberId === memberId)!;
    expect(mine).toMatchObject({ comment: "VIP 4 elsewhere", proofIds: [proofs[0]!.id] });

    expect(
      await codeOf(
        decideApplication(db(), {
          ...act,
          entryId: mine.entryId,
          decision: { approve: { amount: 0n } },
        }),
      ),
    ).toBe("promotion_amount_invalid");
    const decisions = await Promise.all(
      [1, 2].map(() =>
        decideApplication(db(), {
          ...act,
          entryId: mine.entryId,
          decision: { approve: { amount: 7_500n } },
        }),
      ),
    );
    expect(decisions.filter((d) => d.changed)).toHaveLength(1);
    expect(
      await codeOf(
        decideApplication(db(), {
          ...act,
          entryId: mine.entryId,
          decision: { reject: { reason: "late" } },
        }),
      ),
    ).toBe("promotion_action_refused");
    const messages = await db()
      .selectFrom("member_messages")
      .select(["kind", "params"])
      .where("member_id", "=", memberId)
      .execute();
    expect(messages).toEqual([
      { kind: "application_approved", params: { promotion: promotionId, amount: "7500" } },
    ]);
    const audit = await db()
      .selectFrom("audit_log")
      .select("event")
      .where("event", "=", "promotion_application_decided")
      .where("member_id", "=", memberId)
      .orderBy("id")
      .execute();
    expect(audit).toHaveLength(1);
    const grants = await listGrants(db(), { page: 1, pageSize: 50, promotionId });
    expect(grants.grants).toMatchObject([{ memberId, amount: "7500", status: "released" }]);
  });

  it("a rejection carries its reason to the member, and a second application is refused", async () => {
    const promotionId = await publishedPromotion(db(), act, {
      kind: "apply",
      claimMode: "apply",
      rewardBps: "",
      rewardCap: "",
    });
    const memberId = await insertMember(db());
    await applyForPromotion(db(), { memberId, promotionId, comment: "", proofs: [] });
    const entry = await db()
      .selectFrom("promotion_entries")
      .select("id")
      .where("member_id", "=", memberId)
      .executeTakeFirstOrThrow();
    await decideApplication(db(), {
      ...act,
      entryId: entry.id,
      decision: { reject: { reason: "No proof" } },
    });
    expect(await findPromotion(db(), { ...view, promotionId, memberId })).toMatchObject({
      state: "rejected",
      rejectReason: "No proof",
    });
    expect(
      await codeOf(
        applyForPromotion(db(), { memberId, promotionId, comment: "again", proofs: [] }),
      ),
    ).toBe("promotion_action_refused");
    expect(
      await codeOf(
        decideApplication(db(), {
          ...act,
          entryId: "424242",
          decision: { reject: { reason: "x" } },
        }),
      ),
    ).toBe("application_not_found");
  });

  it("refuses a long comment, a fourth image, a big or non-image file, before anything is written", async () => {
    const promotionId = await publishedPromotion(db(), act, {
      kind: "apply",
      claimMode: "apply",
      rewardBps: "",
      rewardCap: "",
    });
    const memberId = await insertMember(db());
    const apply = (comment: string, proofs: { contentType: string; bytes: Uint8Array }[]) =>
      codeOf(applyForPromotion(db(), { memberId, promotionId, comment, proofs }));
    const png = { contentType: "image/png", bytes: TINY_PNG };
    expect(await apply("x".repeat(141), [])).toBe("promotion_comment_too_long");
    expect(await apply("ok", [png, png, png, png])).toBe("proof_count");
    expect(
      await apply("ok", [{ contentType: "image/png", bytes: new Uint8Array(6 * 1024 * 1024) }]),
    ).toBe("proof_size");
    expect(
      await apply("ok", [{ contentType: "image/png", bytes: new TextEncoder().encode("GIF89a") }]),
    ).toBe("proof_type");
    const entries = await db()
      .selectFrom("promotion_entries")
      .select("id")
      .where("member_id", "=", memberId)
      .execute();
    expect(entries).toEqual([]);
    expect(await apply("x".repeat(140), [png, png, png])).toBe("ok");
  });
});

describe("the operator's promotions", () => {
  const valid = {
    code: "input-check",
    category: "deposit",
    kind: "first_deposit",
    claimMode: "join_claim",
    titles: { en: "Check" },
    startsAt: "2026-06-01T00:00:00Z",
    rewardBps: "10000",
    rewardCap: "50000",
  };
  const issues = (input: Record<string, unknown>) => {
    const result = promotionInputSchema.safeParse({ ...valid, ...input });
    return result.success ? [] : result.error.issues.map((i) => `${i.path.join(".")}:${i.message}`);
  };

  it.each([
    [{ rewardBps: "-5" }, "rewardBps:number_min"],
    [{ endsAt: "2026-05-01T00:00:00Z" }, "endsAt:ends_before_start"],
    [{ rewardCap: "" }, "rewardCap:cap_required"],
    [{ rewardBps: "", rewardCap: "" }, "rewardFixed:reward_required"],
    [{ vipMin: "3", vipMax: "1" }, "vipMax:min_above_max"],
    [{ kind: "cashback" }, "claimMode:mode_mismatch"],
    [
      { kind: "red_envelope", claimMode: "automatic", period: "D" },
      "envelopeBudget:envelope_required",
    ],
    [{ contributions: { LIVE: "120" } }, "contributions.LIVE:number_max"],
    [{ code: "Bad Code!" }, "code:code_format"],
    [{ maxBet: "-100" }, "maxBet:money_positive"],
  ])("refuses %j (%s)", (input, expected) => {
    expect(issues(input)).toContain(expected);
  });

  it("accepts a valid promotion", () => {
    expect(issues({})).toEqual([]);
  });

  it("edits, closes and reopens a promotion, in the audit log; a taken code is refused", async () => {
    const promotionId = await publishedPromotion(db(), act);
    const values = await promotionFormValues(db(), promotionId);
    expect(values).toMatchObject({ status: "published", rewardBps: "10000", endsAt: "" });
    await updatePromotion(db(), promotionId, { ...values!, rewardBps: "5000" }, act);
    expect((await promotionFormValues(db(), promotionId))?.rewardBps).toBe("5000");
    const other = await publishedPromotion(db(), act);
    expect(
      await codeOf(updatePromotion(db(), other, { ...values!, code: values!.code }, act)),
    ).toBe("promotion_code_taken");
    await setPromotionStatus(db(), promotionId, "closed", act);
    await setPromotionStatus(db(), promotionId, "closed", act);
    expect(await codeOf(setPromotionStatus(db(), promotionId, "draft", act))).toBe(
      "promotion_status_refused",
    );
    const events = await db()
      .selectFrom("audit_log")
      .select("event")
      .where("target_type", "=", "promotion")
      .where("target_id", "=", String(promotionId))
      .orderBy("id")
      .execute();
    expect(events.map((e) => e.event)).toEqual([
      "promotion_created",
      "promotion_status_changed",
      "promotion_updated",
      "promotion_status_changed",
    ]);
    expect(
      await codeOf(updatePromotion(db(), promotionId, { ...values!, rewardBps: "-1" }, act)),
    ).toBe("promotion_invalid");
  });
});
