import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  contractsOverview,
  decideContract,
  offerContract,
  withdrawOffer,
  type ContractOffer,
} from "~/platform/agency/contracts.server";
import type { DatabaseHandle } from "~/platform/db/open.server";
import type { ContractKind } from "~/platform/db/schema";
import { PlatformError } from "~/platform/errors";
import { insertAgent, insertHouseContract } from "../../helpers/agency";
import { createTestDatabase } from "../../helpers/database";
import { codeOf } from "../../helpers/play";
import { insertMember } from "../../helpers/wallet";

/**
 * The contract rules on hand-built trees: a top agent holding a house
 * contract, a sub-agent under it, and what the offers and decisions between
 * them may and may not do.
 */
let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle.close());

const sets = { agentTypes: [1, 2, 41, 42], trialTypes: [] };

/** A top agent with a house DAILY contract at `ownRate`, and a direct sub-agent with its own rate. */
async function tree(ownRate = 200, subRate = 10_000) {
  const top = await insertAgent(handle.db);
  await insertHouseContract(handle.db, {
    memberId: top,
    kind: "DAILY",
    terms: { rate: ownRate, minValidBet: 0 },
  });
  const sub = await insertAgent(handle.db, { parentId: top, agentRate: subRate });
  return { top, sub };
}

const daily = (
  uplineId: string,
  downlineId: string,
  rate: number,
  confirmReplace = false,
): ContractOffer => ({
  uplineId,
  downlineId,
  kind: "DAILY",
  period: null,
  terms: { rate, minValidBet: 100_00 },
  confirmReplace,
});

async function statusOf(id: string) {
  return handle.db
    .selectFrom("contracts")
    .select(["status", "ended_by", "terminated_at", "replaces_id"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
}

async function openContracts(memberId: string, kind: ContractKind) {
  return handle.db
    .selectFrom("contracts")
    .select(["id", "status"])
    .where("downline_id", "=", memberId)
    .where("kind", "=", kind)
    .where("status", "in", ["active", "offered"])
    .orderBy("id")
    .execute();
}

/** The PlatformError a promise rejects with. */
async function failure(promise: Promise<unknown>): Promise<PlatformError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  if (!(error instanceof PlatformError))
    throw new Error(`expected a PlatformError, got ${String(error)}`);
  return error;
}

describe("offering a contract", () => {
  it("refuses a rate above the upline's own, naming its rates", async () => {
    const { top, sub } = await tree(200);
    const error = await failure(offerContract(handle.db, daily(top, sub, 201), sets));
    expect(error.code).toBe("contract_rate_above_own");
    expect(error.details).toEqual({ rates: [200] });
    expect(await openContracts(sub, "DAILY")).toEqual([]);
    // Its own rate exactly is allowed.
    expect((await offerContract(handle.db, daily(top, sub, 200), sets)).status).toBe("offered");
  });

  it("refuses a rate above the downline's own agent rate", async () => {
    const { top, sub } = await tree(200, 120);
    const error = await failure(offerContract(handle.db, daily(top, sub, 150), sets));
    expect(error.code).toBe("contract_rate_above_agent_rate");
    expect(error.details).toEqual({ rate: 120 });
    expect((await offerContract(handle.db, daily(top, sub, 120), sets)).status).toBe("offered");
  });

  it("lets a sub-agent without a contract of the kind grant nothing", async () => {
    const { sub } = await tree();
    const subSub = await insertAgent(handle.db, { parentId: sub });
    expect(await codeOf(offerContract(handle.db, daily(sub, subSub, 10), sets))).toBe(
      "contract_no_own",
    );
  });

  it("goes one level down, to agents only: a deeper or foreign agent is not_found, a member is refused", async () => {
    const { top, sub } = await tree();
    const deep = await insertAgent(handle.db, { parentId: sub });
    const { sub: foreign } = await tree();
    const member = await insertMember(handle.db, { parentId: top });
    expect(await codeOf(offerContract(handle.db, daily(top, deep, 100), sets))).toBe("not_found");
    expect(await codeOf(offerContract(handle.db, daily(top, foreign, 100), sets))).toBe(
      "not_found",
    );
    expect(await codeOf(offerContract(handle.db, daily(top, member, 100), sets))).toBe(
      "contract_downline_not_agent",
    );
  });

  it("keeps one open offer per downline and kind: a new offer withdraws the waiting one", async () => {
    const { top, sub } = await tree();
    const first = await offerContract(handle.db, daily(top, sub, 100), sets);
    const second = await offerContract(handle.db, daily(top, sub, 110), sets);
    expect((await statusOf(first.id)).status).toBe("withdrawn");
    expect(await openContracts(sub, "DAILY")).toEqual([{ id: second.id, status: "offered" }]);
  });
});

describe("the lower-rate rule", () => {
  async function activeAt(rate: number) {
    const { top, sub } = await tree(200);
    const current = await offerContract(handle.db, daily(top, sub, rate), sets);
    await decideContract(handle.db, sub, current.id, "accept");
    return { top, sub, current };
  }

  it("asks the upline to confirm first, and leaves the current contract alone until it does", async () => {
    const { top, sub, current } = await activeAt(150);
    const error = await failure(offerContract(handle.db, daily(top, sub, 100), sets));
    expect(error.code).toBe("contract_lower_rate");
    expect(error.details).toEqual({ rates: [150] });
    expect(await openContracts(sub, "DAILY")).toEqual([{ id: current.id, status: "active" }]);
  });

  it("once confirmed, terminates the current contract at once (ended_by replaced) and offers the new one", async () => {
    const { top, sub, current } = await activeAt(150);
    const now = new Date("2030-01-02T03:04:05Z");
    const offer = await offerContract(handle.db, daily(top, sub, 100, true), sets, now);
    const old = await statusOf(current.id);
    expect(old).toMatchObject({ status: "terminated", ended_by: "replaced" });
    expect(new Date(old.terminated_at!).toISOString()).toBe(now.toISOString());
    expect(offer).toMatchObject({ status: "offered", replaces_id: current.id });
    expect(await openContracts(sub, "DAILY")).toEqual([{ id: offer.id, status: "offered" }]);
    await decideContract(handle.db, sub, offer.id, "accept");
    expect(await openContracts(sub, "DAILY")).toEqual([{ id: offer.id, status: "active" }]);
  });

  it("needs no confirmation for an equal or higher rate: the current contract runs until the offer is accepted", async () => {
    const { top, sub, current } = await activeAt(150);
    const offer = await offerContract(handle.db, daily(top, sub, 180), sets);
    expect((await statusOf(current.id)).status).toBe("active");
    await decideContract(handle.db, sub, offer.id, "accept");
    expect(await statusOf(current.id)).toMatchObject({
      status: "terminated",
      ended_by: "replaced",
    });
    // One active contract per downline and kind.
    expect(await openContracts(sub, "DAILY")).toEqual([{ id: offer.id, status: "active" }]);
  });

  it("compares each rate of a real-time salary: a lower loss rate alone needs the confirmation", async () => {
    const top = await insertAgent(handle.db);
    await insertHouseContract(handle.db, {
      memberId: top,
      kind: "REALTIME",
      terms: { profitRate: 50, lossRate: 80, minSingleBet: 0 },
    });
    const sub = await insertAgent(handle.db, { parentId: top });
    const realtime = (
      profitRate: number,
      lossRate: number,
      confirmReplace = false,
    ): ContractOffer => ({
      uplineId: top,
      downlineId: sub,
      kind: "REALTIME",
      period: null,
      terms: { profitRate, lossRate, minSingleBet: 0 },
      confirmReplace,
    });
    const current = await offerContract(handle.db, realtime(30, 60), sets);
    await decideContract(handle.db, sub, current.id, "accept");
    expect(await codeOf(offerContract(handle.db, realtime(40, 50), sets))).toBe(
      "contract_lower_rate",
    );
    expect(await codeOf(offerContract(handle.db, realtime(51, 60), sets))).toBe(
      "contract_rate_above_own",
    );
    expect(await codeOf(offerContract(handle.db, realtime(40, 50, true), sets))).toBe("ok");
    expect((await statusOf(current.id)).ended_by).toBe("replaced");
  });
});

describe("deciding", () => {
  it("refuses an acceptance when the upline's own rate dropped below the offer since it was made", async () => {
    const { top, sub } = await tree(200);
    const offer = await offerContract(handle.db, daily(top, sub, 180), sets);
    // The house lowers the upline's own contract.
    await handle.db
      .updateTable("contracts")
      .set({ terms: JSON.stringify({ rate: 150, minValidBet: 0 }) })
      .where("downline_id", "=", top)
      .where("status", "=", "active")
      .execute();
    const error = await failure(decideContract(handle.db, sub, offer.id, "accept"));
    expect(error.code).toBe("contract_rate_above_own");
    expect(error.details).toEqual({ rates: [150] });
    expect((await statusOf(offer.id)).status).toBe("offered");
    // Ended altogether: still refused.
    await handle.db
      .updateTable("contracts")
      .set({ status: "terminated", ended_by: "upline" })
      .where("downline_id", "=", top)
      .where("status", "=", "active")
      .execute();
    expect(await codeOf(decideContract(handle.db, sub, offer.id, "accept"))).toBe(
      "contract_rate_above_own",
    );
  });

  it("answers a doubled decision with the contract as it is, and anything out of order with contract_state", async () => {
    const { top, sub } = await tree();
    const accepted = await offerContract(handle.db, daily(top, sub, 100), sets);
    const once = await decideContract(handle.db, sub, accepted.id, "accept");
    const twice = await decideContract(handle.db, sub, accepted.id, "accept");
    expect(twice).toEqual(once);
    expect(await codeOf(decideContract(handle.db, sub, accepted.id, "reject"))).toBe(
      "contract_state",
    );

    const ended = await decideContract(handle.db, sub, accepted.id, "terminate");
    expect(ended).toMatchObject({ status: "terminated", ended_by: "downline" });
    expect(await decideContract(handle.db, sub, accepted.id, "terminate")).toEqual(ended);
    expect(await codeOf(decideContract(handle.db, sub, accepted.id, "accept"))).toBe(
      "contract_state",
    );

    const rejected = await offerContract(handle.db, daily(top, sub, 100), sets);
    const no = await decideContract(handle.db, sub, rejected.id, "reject");
    expect(await decideContract(handle.db, sub, rejected.id, "reject")).toEqual(no);
    expect(await codeOf(decideContract(handle.db, sub, rejected.id, "accept"))).toBe(
      "contract_state",
    );

    const withdrawn = await offerContract(handle.db, daily(top, sub, 100), sets);
    await withdrawOffer(handle.db, top, withdrawn.id);
    await withdrawOffer(handle.db, top, withdrawn.id);
    expect((await statusOf(withdrawn.id)).status).toBe("withdrawn");
    expect(await codeOf(decideContract(handle.db, sub, withdrawn.id, "accept"))).toBe(
      "contract_state",
    );
  });

  it("lets only the contract's own parties decide: anyone else gets not_found", async () => {
    const { top, sub } = await tree();
    const offer = await offerContract(handle.db, daily(top, sub, 100), sets);
    const { top: otherTop, sub: otherSub } = await tree();
    for (const decision of ["accept", "reject", "terminate"] as const) {
      expect(await codeOf(decideContract(handle.db, otherSub, offer.id, decision))).toBe(
        "not_found",
      );
      // The upline is not the one to accept its own offer.
      expect(await codeOf(decideContract(handle.db, top, offer.id, decision))).toBe("not_found");
    }
    expect(await codeOf(withdrawOffer(handle.db, otherTop, offer.id))).toBe("not_found");
    expect(await codeOf(withdrawOffer(handle.db, sub, offer.id))).toBe("not_found");
    expect(await codeOf(decideContract(handle.db, sub, "x1", "accept"))).toBe("not_found");
    expect((await statusOf(offer.id)).status).toBe("offered");
  });

  it("shows each side its part on the page: held, offer and granted with the grantable rates", async () => {
    const { top, sub } = await tree(200);
    const offer = await offerContract(handle.db, daily(top, sub, 150), sets);
    const upline = await contractsOverview(handle.db, top, "DAILY");
    expect(upline.held?.uplineAccount).toBeNull();
    expect(upline.grantable).toEqual([200]);
    expect(upline.granted.map((contract) => [contract.id, contract.status])).toEqual([
      [offer.id, "offered"],
    ]);
    const downline = await contractsOverview(handle.db, sub, "DAILY");
    expect(downline.held).toBeNull();
    expect(downline.offer?.id).toBe(offer.id);
    expect(downline.grantable).toBeNull();
  });
});
