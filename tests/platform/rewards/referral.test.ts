import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runScheduledWork } from "~/platform/agency/scheduler.server";
import type { DatabaseHandle } from "~/platform/db/open.server";
import { identityPolicy } from "~/platform/identity/policy.server";
import { credit, debit } from "~/platform/play/seamless-wallet.server";
import { registerMember } from "~/platform/registration/registration.server";
import { referralCodeOf } from "~/platform/rewards/referral/codes.server";
import { decideHeldReferral } from "~/platform/rewards/referral/decisions.server";
import { listReferredFriends } from "~/platform/rewards/referral/friends.server";
import { claimReferrer } from "~/platform/rewards/referral/links.server";
import { payDueReferralRewards } from "~/platform/rewards/referral/rewards.server";
import { confirmDeposit, createDeposit } from "~/platform/wallet/deposits.server";
import { MAIN } from "~/platform/wallet/ledger.server";
import { insertAgent } from "../../helpers/agency";
import { createTestDatabase } from "../../helpers/database";
import { fundMain, insertGame } from "../../helpers/play";
import { operatorAct, postingsByKey, publishedPromotion, refusal } from "../../helpers/rewards";
import { formKey, insertMember, testWalletPolicy } from "../../helpers/wallet";

/**
 * Referral (issue 15) on a real database: the referrer recorded at
 * registration (never for a bad code) or claimed later within the rules,
 * the reward paid once per friend only after both thresholds, under two
 * parallel schedulers and replays, and held for the operator when the
 * friend came from the referrer's IP.
 */
let handle: DatabaseHandle;
let act: Awaited<ReturnType<typeof operatorAct>>;
let promotionId: string;
const ZONE = "Asia/Karachi";
const policy = identityPolicy();
const rules = { agentTypes: [1, 2, 41, 42], trialTypes: [4], mobileVerification: false };
const db = () => handle.db;

beforeAll(async () => {
  handle = await createTestDatabase({ poolSize: 8 });
  act = await operatorAct(handle.db);
  promotionId = await publishedPromotion(db(), act, {
    kind: "referral",
    claimMode: "automatic",
    category: "other",
    rewardBps: "",
    rewardCap: "",
    rewardFixed: 10_000,
    minDeposit: 5_000,
    referralMinValidBet: 20_000,
    referralIpWindowHours: 24,
  });
});
afterAll(() => handle?.close());

const name = (prefix: string) =>
  `${prefix}${formKey()
    .slice(0, 8)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "x")}`;

function register(referralCode: string | undefined, ip: string | null = null) {
  return registerMember(
    db(),
    { mode: "username", account: name("fr"), password: "Fresh123", referralCode, profile: {} },
    rules,
    { ip, userAgent: "vitest" },
    policy,
  );
}

async function deposit(memberId: string, amount: bigint) {
  const created = await createDeposit(
    db(),
    { memberId, channel: "demo-pay", amount, key: formKey() },
    testWalletPolicy(),
  );
  await confirmDeposit(db(), created.id);
}

let nodeId = 981_000;
async function bet(memberId: string, stake: bigint) {
  const game = await insertGame(db(), { nodeId: ++nodeId });
  await fundMain(db(), memberId, stake);
  const round = `r-${formKey()}`;
  const player = { memberId, account: MAIN, game } as const;
  await debit(db(), "test", player, { txId: round, roundId: round, amount: stake });
  await credit(db(), "test", player, { txId: `${round}:w`, roundId: round, amount: 0n });
}

const referrerOfFriend = async (friendId: string) =>
  (
    await db()
      .selectFrom("referrals")
      .select("referrer_id")
      .where("friend_id", "=", friendId)
      .executeTakeFirst()
  )?.referrer_id ?? null;

const rewardEntries = (referrerId: string) =>
  postingsByKey(db(), `promo:${promotionId}:${referrerId}:friend:%`);

const rewardRow = (friendId: string) =>
  db()
    .selectFrom("referral_rewards")
    .select(["status", "hold_reason", "entry_id", "decided_by"])
    .where("friend_id", "=", friendId)
    .executeTakeFirst();

describe("referral codes", () => {
  it("are handed out once, from unambiguous characters, and a collision is retried", async () => {
    const [first, second] = [await insertMember(db()), await insertMember(db())];
    const code = await referralCodeOf(db(), first);
    expect(code).toMatch(/^[2-9A-HJKMNP-Z]{8}$/);
    expect(await referralCodeOf(db(), first)).toBe(code);
    // The first draw collides with `first`'s code (in another case): the second draw is used.
    const draws = [code.toLowerCase(), "ZZZZ2222"];
    expect(await referralCodeOf(db(), second, () => draws.shift()!)).toBe("ZZZZ2222");
  });
});

describe("registration with a referral code", () => {
  it("records the referrer in the registration's transaction, whatever the code's case", async () => {
    const referrer = await insertMember(db());
    const code = await referralCodeOf(db(), referrer);
    const friend = await register(code.toLowerCase());
    expect(await referrerOfFriend(friend.id)).toBe(referrer);
  });

  it("refuses a code nobody has, beside the referral field, and creates nobody", async () => {
    const before = await db()
      .selectFrom("members")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .executeTakeFirstOrThrow();
    expect(await refusal(register("NOSUCH77"))).toEqual({
      code: "invitation_code_error",
      details: { field: "referralCode" },
    });
    const after = await db()
      .selectFrom("members")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it("refuses a trial account's code; an agent's own referral code works", async () => {
    const trial = await insertMember(db(), { type: 4 });
    expect((await refusal(register(await referralCodeOf(db(), trial)))).code).toBe(
      "invitation_code_error",
    );
    const agent = await insertAgent(db());
    const friend = await register(await referralCodeOf(db(), agent));
    expect(await referrerOfFriend(friend.id)).toBe(agent);
    expect(friend.parent_id).toBeNull();
  });

  it("still places a member under the agent an old ?ref= link names", async () => {
    const agent = await insertAgent(db());
    await db()
      .updateTable("members")
      .set({ affiliate_code: "OLDREF9" })
      .where("id", "=", agent)
      .execute();
    const member = await register("oldref9");
    expect(member.parent_id).toBe(agent);
    expect(await referrerOfFriend(member.id)).toBeNull();
  });
});

describe("naming a referrer after joining", () => {
  it("refuses one's own code and an unknown one, then records a friend's once", async () => {
    const [member, friendOf] = [await insertMember(db()), await insertMember(db())];
    const own = await referralCodeOf(db(), member);
    expect((await refusal(claimReferrer(db(), member, own))).code).toBe("referral_self");
    expect((await refusal(claimReferrer(db(), member, "NOSUCH77"))).code).toBe(
      "referral_code_invalid",
    );
    expect(await referrerOfFriend(member)).toBeNull();
    await claimReferrer(db(), member, await referralCodeOf(db(), friendOf));
    expect(await referrerOfFriend(member)).toBe(friendOf);
    expect((await refusal(claimReferrer(db(), member, own))).code).toBe("referral_already");
  });

  it("is too late after the first deposit or 7 days after joining", async () => {
    const referrerCode = await referralCodeOf(db(), await insertMember(db()));
    const deposited = await insertMember(db());
    await deposit(deposited, 10_000n);
    expect((await refusal(claimReferrer(db(), deposited, referrerCode))).code).toBe(
      "referral_too_late",
    );
    const old = await insertMember(db());
    const eightDaysOn = new Date(Date.now() + 8 * 86_400_000);
    expect((await refusal(claimReferrer(db(), old, referrerCode, eightDaysOn))).code).toBe(
      "referral_too_late",
    );
    expect(await referrerOfFriend(deposited)).toBeNull();
    expect(await referrerOfFriend(old)).toBeNull();
  });
});

describe("the referral reward", () => {
  it("waits for both thresholds, then is paid once under parallel schedulers and replays", async () => {
    const referrer = await insertMember(db());
    const friend = await register(await referralCodeOf(db(), referrer));
    // A first deposit below the minimum never qualifies, whatever comes after it.
    const small = await register(await referralCodeOf(db(), referrer));
    await deposit(small.id, 4_999n);
    await deposit(small.id, 50_000n);
    await bet(small.id, 30_000n);

    await deposit(friend.id, 5_000n);
    await bet(friend.id, 10_000n);
    expect(await payDueReferralRewards(db())).toBe(0);
    expect(await rewardEntries(referrer)).toEqual([]);

    await bet(friend.id, 10_000n);
    const now = new Date();
    await Promise.all([
      payDueReferralRewards(db(), now),
      payDueReferralRewards(db(), now),
      runScheduledWork(db(), ZONE, now),
    ]);
    await payDueReferralRewards(db(), now);
    expect(await rewardEntries(referrer)).toEqual([
      {
        key: `promo:${promotionId}:${referrer}:friend:${friend.id}`,
        kind: "bonus",
        amount: "-10000",
        account: "HOUSE:BONUSES",
      },
      {
        key: `promo:${promotionId}:${referrer}:friend:${friend.id}`,
        kind: "bonus",
        amount: "10000",
        account: MAIN,
      },
    ]);
    expect(await rewardRow(friend.id)).toMatchObject({ status: "paid", hold_reason: null });
    expect(await rewardRow(small.id)).toBeUndefined();
    const messages = await db()
      .selectFrom("member_messages")
      .select(["kind", "params"])
      .where("member_id", "=", referrer)
      .execute();
    expect(messages).toHaveLength(1);
    expect(messages[0]!.kind).toBe("referral_reward");

    const { friends, total } = await listReferredFriends(
      db(),
      referrer,
      { start: new Date(now.getTime() - 3_600_000), end: new Date(now.getTime() + 3_600_000) },
      { offset: 0, limit: 10 },
    );
    expect(total).toBe(2);
    expect(friends.map((row) => [row.deposited, row.validBet, row.reward])).toEqual([
      [true, "30000", "waiting"],
      [true, "20000", "paid"],
    ]);
    expect(friends[0]!.account).toMatch(/\*\*\*/);
  });

  it("is held when the friend registered from the referrer's IP; the operator approves or rejects it once", async () => {
    const referrer = await insertMember(db());
    await db()
      .insertInto("sessions")
      .values({
        token_hash: formKey(),
        member_id: referrer,
        site: "member",
        remember: false,
        created_at: new Date(),
        last_seen_at: new Date(),
        expires_at: new Date(Date.now() + 3_600_000),
        ip: "198.51.100.77",
        user_agent: "vitest",
      })
      .execute();
    const code = await referralCodeOf(db(), referrer);
    const [sameIp, other] = [
      await register(code, "198.51.100.77"),
      await register(code, "198.51.100.78"),
    ];
    const second = await register(code, "198.51.100.77");
    for (const friend of [sameIp, other, second]) {
      await deposit(friend.id, 5_000n);
      await bet(friend.id, 20_000n);
    }
    expect(await payDueReferralRewards(db())).toBe(3);
    expect(await rewardRow(sameIp.id)).toMatchObject({ status: "held", hold_reason: "same_ip" });
    expect(await rewardRow(other.id)).toMatchObject({ status: "paid" });
    expect(await rewardEntries(referrer)).toHaveLength(2);

    await Promise.allSettled([
      decideHeldReferral(db(), sameIp.id, "approve", act),
      decideHeldReferral(db(), sameIp.id, "approve", act),
    ]);
    expect((await refusal(decideHeldReferral(db(), sameIp.id, "reject", act))).code).toBe(
      "referral_not_held",
    );
    expect(await rewardRow(sameIp.id)).toMatchObject({
      status: "paid",
      decided_by: act.operatorId,
    });
    expect(await rewardEntries(referrer)).toHaveLength(4);

    await decideHeldReferral(db(), second.id, "reject", act);
    expect((await refusal(decideHeldReferral(db(), second.id, "approve", act))).code).toBe(
      "referral_not_held",
    );
    expect(await rewardRow(second.id)).toMatchObject({ status: "rejected", entry_id: null });
    expect(await rewardEntries(referrer)).toHaveLength(4);
    const audits = await db()
      .selectFrom("audit_log")
      .select("detail")
      .where("event", "=", "referral_decided")
      .orderBy("id")
      .execute();
    expect(audits).toHaveLength(2);
  });

  it("lands on BONUS with a wagering grant when the promotion asks for turnover", async () => {
    await db()
      .updateTable("promotions")
      .set({ turnover_multiple: 300 })
      .where("id", "=", promotionId)
      .execute();
    const referrer = await insertMember(db());
    const friend = await register(await referralCodeOf(db(), referrer));
    await deposit(friend.id, 5_000n);
    await bet(friend.id, 20_000n);
    expect(await payDueReferralRewards(db())).toBe(1);
    expect((await rewardEntries(referrer)).map((row) => [row.account, row.amount])).toEqual([
      ["HOUSE:BONUSES", "-10000"],
      ["BONUS", "10000"],
    ]);
    const grant = await db()
      .selectFrom("bonus_grants")
      .select(["status", "turnover_required"])
      .where("member_id", "=", referrer)
      .executeTakeFirstOrThrow();
    expect(grant).toEqual({ status: "wagering", turnover_required: "30000" });
  });
});
