// The cluster tests' members: real accounts (a password the login form
// takes), funded through the ledger, each with a real-money session on the
// first demo slot; and gateway deposits opened as the deposit form opens them.
import { randomBytes } from "node:crypto";
import type { Database } from "~/platform/db/open.server";
import { hashPassword } from "~/platform/identity/secrets.server";
import { createGameSession } from "~/platform/play/game-sessions.server";
import { signBody } from "~/platform/signed-messages.server";
import { getBrandConfig, writeSetting } from "~/platform/system/settings.server";
import { attachGatewayOrder, createDeposit } from "~/platform/wallet/deposits.server";
import { HOUSE, MAIN, postEntry } from "~/platform/wallet/ledger.server";
import { GATEWAY_KEY } from "./portals";
import { firstSlot } from "../bench/players";

export const PASSWORD = "Cluster123";
export const key = () => randomBytes(12).toString("base64url");

export interface ClusterMember {
  id: string;
  account: string;
  token: string;
  cookie: string;
}

/** The spin gap of issue 17 is a person's pace; the test drives the machinery, so it is lifted. */
export async function liftSpinGap(db: Database) {
  const brand = await getBrandConfig(db);
  await writeSetting(db, "brand", {
    ...brand,
    realityCheck: { ...brand.realityCheck, spinGapMs: 0 },
  });
}

export async function createClusterMembers(db: Database, count: number, prefix: string) {
  const passwordHash = await hashPassword(PASSWORD);
  const game = await firstSlot(db);
  const members: Array<Omit<ClusterMember, "cookie">> = [];
  for (let index = 0; index < count; index++) {
    const account = `${prefix}${index}${Date.now().toString(36)}`.slice(0, 20);
    const { id } = await db
      .insertInto("members")
      .values({
        account,
        type: 0,
        password_hash: passwordHash,
        password_changed_at: new Date(),
        profile: "{}",
        created_at: new Date(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await postEntry(db, {
      key: `cluster-fund-${id}`,
      kind: "deposit",
      memberId: id,
      movements: [
        { from: { house: HOUSE.payments }, to: { memberId: id, kind: MAIN }, amount: 10_000_000n },
      ],
    });
    const { token } = await createGameSession(db, {
      memberId: id,
      game,
      provider: "demo",
      mode: "real",
      language: "en",
    });
    members.push({ id, account, token });
  }
  return members;
}

/** A pending deposit on the demo brand's gateway channel, with the gateway's reference, as the deposit form leaves it. */
export async function openGatewayDeposit(db: Database, memberId: string, amount: bigint) {
  const brand = await getBrandConfig(db);
  const deposit = await createDeposit(
    db,
    { memberId, channel: "easypaisa", amount, key: key() },
    brand.wallet,
  );
  const gatewayRef = `CL-${deposit.id}`;
  await attachGatewayOrder(db, deposit.id, { gatewayRef, payUrl: "http://127.0.0.1:9/pay" });
  return { depositId: deposit.id, gatewayRef };
}

/** The gateway's signed "paid" callback for a deposit. */
export function paidCallback(base: string, gatewayRef: string, amount: bigint) {
  const raw = JSON.stringify({
    gatewayRef,
    status: "success",
    amount: amount.toString(),
    timestamp: Math.floor(Date.now() / 1000),
  });
  return fetch(`${base}/resources/payments/callback`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Signature": signBody(raw, GATEWAY_KEY) },
    body: raw,
  });
}
