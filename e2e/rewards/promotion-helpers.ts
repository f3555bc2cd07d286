import { randomUUID } from "node:crypto";
import type { Database } from "../../app/platform/db/open.server";
import { findMemberByAccount } from "../../app/platform/identity/members.server";
import {
  createPromotion,
  setPromotionStatus,
} from "../../app/platform/rewards/promotion-admin.server";
import type { PromotionFormValues } from "../../app/platform/rewards/promotion-input";

/**
 * A published promotion of the test's own, made through the operator API as
 * ops01 (audited like any other), so a test controls its terms (a 1×
 * turnover keeps a wagering test short) and no other test's member meets a
 * state it did not expect. Returns its code.
 */
export async function publishPromotion(
  db: Database,
  overrides: PromotionFormValues,
): Promise<string> {
  const operator = await findMemberByAccount(db, "ops01");
  if (!operator) throw new Error("the demo operator ops01 is missing");
  const code = `e2e-${randomUUID().slice(0, 8)}`;
  const act = { operatorId: operator.id, context: { ip: "203.0.113.99", userAgent: "e2e" } };
  const id = await createPromotion(
    db,
    {
      code,
      category: "deposit",
      titles: { en: `E2E promotion ${code}`, ur: `ای ٹو ای پروموشن ${code}` },
      rulesHtml: { en: "<p>Test rules.</p>" },
      startsAt: new Date(Date.now() - 60_000).toISOString(),
      ...overrides,
    },
    { ...act, timeZone: "Asia/Karachi" },
  );
  await setPromotionStatus(db, id, "published", act);
  return code;
}
