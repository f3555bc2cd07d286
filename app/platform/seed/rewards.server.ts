import { PROMO_ACCOUNTS, SEED_PROMOTIONS } from "./rewards-data";
import { firstSlotGame, markSeeded, seededBefore, seedOperatorAct } from "./seed-steps.server";
import type { Database } from "../db/open.server";
import { MEMBER_TYPE } from "../identity/member-types";
import { hashPassword, LEGACY_SCRYPT_COST } from "../identity/secrets.server";
import { DEMO_PROVIDER } from "../play/providers/demo.server";
import { credit, debit } from "../play/seamless-wallet.server";
import { decideApplication } from "../rewards/applications.server";
import {
  applyForPromotion,
  claimPromotion,
  joinPromotion,
} from "../rewards/promotion-actions.server";
import { createPromotion, setPromotionStatus } from "../rewards/promotion-admin.server";
import { openRedEnvelope } from "../rewards/red-envelopes.server";
import type { BrandConfig } from "../system/brand-config.server";
import { confirmDeposit, createDeposit } from "../wallet/deposits.server";

const DAY = 86_400_000;
/** A 1×1 PNG, the seeded application's proof. */
const TINY_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);

/**
 * The demo promotions, and demo members in each state, made through the
 * platform's own calls (so the seed proves them): promo01 joined the first-
 * deposit match, promo02 qualified (claim), promo03 claimed it and is wagering
 * (process, some turnover done), promo04 applied (applying, with a proof),
 * promo05 was rejected and opened today's red envelope, promo06 was approved
 * (claimed). Idempotent: a marker row stops a rerun.
 */
export async function seedDemoRewards(db: Database, brand: BrandConfig, now = new Date()) {
  if (await seededBefore(db, "seed_rewards")) return false;
  const act = await seedOperatorAct(db);
  const at = (days: number) => new Date(now.getTime() + days * DAY).toISOString();
  const ids = new Map<string, string>();
  for (const promotion of SEED_PROMOTIONS) {
    const input = promotion.input(at);
    const id = await createPromotion(db, input, { ...act, timeZone: brand.timeZone });
    await setPromotionStatus(db, id, "published", act);
    if (promotion.status === "closed") await setPromotionStatus(db, id, "closed", act);
    ids.set(String(input.code), id);
  }

  // One password hash for every promo account: scrypt is the slow part of seeding accounts.
  const hash = await hashPassword("Player123", LEGACY_SCRYPT_COST);
  const members = new Map<string, string>();
  for (const account of PROMO_ACCOUNTS) {
    const row = await db
      .insertInto("members")
      .values({
        account,
        type: MEMBER_TYPE,
        password_hash: hash,
        password_changed_at: now,
        profile: "{}",
        created_at: new Date(now.getTime() - DAY),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    members.set(account, row.id);
  }
  const member = (account: string) => members.get(account)!;
  const policy = {
    ...brand.wallet,
    depositChannels: [
      { code: "seed", kind: "embedded" as const, min: 1, max: Number.MAX_SAFE_INTEGER },
    ],
  };
  const deposit = async (account: string, amount: bigint) => {
    const created = await createDeposit(
      db,
      { memberId: member(account), channel: "seed", amount, key: `seed-promo-${account}` },
      policy,
      now,
    );
    await confirmDeposit(db, created.id, now);
  };
  const welcome = ids.get("welcome-match")!;
  for (const account of ["promo01", "promo02", "promo03"])
    await joinPromotion(db, { memberId: member(account), promotionId: welcome, now });
  await deposit("promo02", 20_000n);
  await deposit("promo03", 40_000n);
  await claimPromotion(db, { memberId: member("promo03"), promotionId: welcome, now });
  await seedSpins(db, member("promo03"), now);

  const apply = ids.get("vip-apply")!;
  for (const account of ["promo04", "promo05", "promo06"]) {
    await applyForPromotion(db, {
      memberId: member(account),
      promotionId: apply,
      comment: `VIP 4 at my old site (${account})`,
      proofs: [{ contentType: "image/png", bytes: TINY_PNG }],
      now,
    });
  }
  const entry = async (account: string) =>
    (
      await db
        .selectFrom("promotion_entries")
        .select("id")
        .where("member_id", "=", member(account))
        .where("promotion_id", "=", apply)
        .executeTakeFirstOrThrow()
    ).id;
  await decideApplication(db, {
    ...act,
    entryId: await entry("promo05"),
    decision: { reject: { reason: "No proof of the VIP level" } },
    now,
  });
  await decideApplication(db, {
    ...act,
    entryId: await entry("promo06"),
    decision: { approve: { amount: 30_000n } },
    now,
  });
  await openRedEnvelope(db, {
    memberId: member("promo05"),
    promotionId: ids.get("lucky-envelope")!,
    now,
    pick: (span) => Math.floor(span / 2),
  });
  await markSeeded(db, "seed_rewards", now);
  return true;
}

/** A few settled slot rounds after promo03's bonus, so its turnover bar has moved. */
async function seedSpins(db: Database, memberId: string, now: Date) {
  const player = { memberId, account: "MAIN" as const, game: await firstSlotGame(db) };
  for (let round = 0; round < 4; round++) {
    const roundId = `seed-promo03-${round}`;
    const at = new Date(now.getTime() + round * 1000);
    await debit(db, DEMO_PROVIDER, player, { txId: roundId, roundId, amount: 5_000n, at });
    await credit(db, DEMO_PROVIDER, player, {
      txId: `${roundId}:win`,
      roundId,
      amount: round % 2 ? 8_000n : 0n,
      at,
    });
  }
}
