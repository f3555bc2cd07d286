import type { Database } from "~/platform/db/open.server";
import { createPromotion, setPromotionStatus } from "~/platform/rewards/promotion-admin.server";
import type { PromotionFormValues } from "~/platform/rewards/promotion-input";
import { insertMember } from "./wallet";

/** An operator and the act (who, from where) the operator API records in the audit log. */
export async function operatorAct(db: Database) {
  const operatorId = await insertMember(db, { type: 9 });
  return { operatorId, context: { ip: "203.0.113.9", userAgent: "vitest" } };
}

let serial = 0;

/**
 * A published promotion (a first-deposit match by default: 100 % up to 500.00,
 * no turnover) with `overrides`, through the operator API. Returns its id.
 */
export async function publishedPromotion(
  db: Database,
  act: Awaited<ReturnType<typeof operatorAct>>,
  overrides: PromotionFormValues = {},
  status: "published" | "draft" | "closed" = "published",
) {
  const id = await createPromotion(
    db,
    {
      code: `test-${process.pid}-${++serial}`,
      category: "deposit",
      kind: "first_deposit",
      claimMode: "join_claim",
      titles: { en: "Test promotion", ur: "ٹیسٹ پروموشن" },
      rulesHtml: { en: "<p>Rules</p><script>alert(1)</script>" },
      startsAt: new Date(Date.now() - 86_400_000).toISOString(),
      rewardBps: 10_000,
      rewardCap: 50_000,
      ...overrides,
    },
    { ...act, timeZone: "Asia/Karachi" },
  );
  if (status !== "draft") await setPromotionStatus(db, id, "published", act);
  if (status === "closed") await setPromotionStatus(db, id, "closed", act);
  return id;
}
