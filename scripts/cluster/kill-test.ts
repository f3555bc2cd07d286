// The kill test (issue 18 part 4, ADR 25): two portal processes on one
// PostgreSQL (CLUSTER_DATABASE_URL) behind haproxy; members sign in, spin,
// transfer and are credited deposits through the gateway's callback, all
// through the proxy; halfway one process is SIGKILLed and the driving goes on.
// Then: every session still works, the ledger's invariants hold, every
// accepted idempotency key is in the ledger once (requests lost with the
// killed process are retried with their key and do not double), and the
// scheduler kept settling, exactly once. CLUSTER_DURATION (s) sets the run's
// length. Prints one JSON line of figures; exits 1 when a check failed.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { openDatabase } from "~/platform/db/open.server";
import { check, report, run } from "./checks";
import { signIn } from "./http";
import { keysInLedger, ledgerInvariants } from "./ledger-checks";
import {
  createClusterMembers,
  key,
  liftSpinGap,
  openGatewayDeposit,
  paidCallback,
  PASSWORD,
  type ClusterMember,
} from "./members";
import { startPortal, startProxy, type Portal, stopAll } from "./portals";

const url = process.env.CLUSTER_DATABASE_URL;
if (!url) throw new Error("CLUSTER_DATABASE_URL is required");
const BASE = Number(process.env.CLUSTER_PORT_BASE ?? 4200);
const DURATION_MS = Number(process.env.CLUSTER_DURATION ?? 30) * 1000;
const MEMBERS = Number(process.env.CLUSTER_MEMBERS ?? 8);
const DEPOSIT = 100_000n;

type Kind = "spin" | "transfer" | "deposit";
interface Operation {
  kind: Kind;
  member: ClusterMember;
  key: string;
  send: () => Promise<Response>;
  accepted: (response: Response) => boolean;
}

function operation(base: string, member: ClusterMember, kind: Kind, gatewayRef = ""): Operation {
  const form = (path: string, fields: Record<string, string>, cookie?: string) =>
    fetch(`${base}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        Origin: base,
        "Content-Type": "application/x-www-form-urlencoded",
        ...(cookie ? { Cookie: cookie } : {}),
      },
      body: new URLSearchParams(fields),
    });
  const redirected = (response: Response) => response.status === 302 || response.status === 303;
  const opKey = kind === "deposit" ? gatewayRef : key();
  if (kind === "spin")
    return {
      kind,
      member,
      key: opKey,
      send: () =>
        form(`/demo-games/${member.token}`, { intent: "spin", roundKey: opKey, stake: "100" }),
      accepted: redirected,
    };
  if (kind === "transfer")
    return {
      kind,
      member,
      key: opKey,
      send: () =>
        form(
          "/member/transfer",
          { intent: "transfer", from: "MAIN", to: "SBO", amount: "1", idempotencyKey: opKey },
          member.cookie,
        ),
      accepted: redirected,
    };
  return {
    kind,
    member,
    key: opKey,
    send: () => paidCallback(base, gatewayRef, DEPOSIT),
    accepted: (response) => response.status === 200,
  };
}

/** One attempt; true when the server accepted it, false when it failed or was lost. */
async function attempt(op: Operation) {
  try {
    const response = await op.send();
    await response.arrayBuffer();
    return op.accepted(response);
  } catch {
    return false;
  }
}

async function main() {
  const logDir = mkdtempSync(join(tmpdir(), "portal-cluster-"));
  const handle = await openDatabase({ kind: "postgres", url: url!, poolSize: 4 });
  const { db } = handle;
  const portals: Portal[] = [];
  const started = Date.now();
  try {
    portals.push(await startPortal({ name: "a", port: BASE + 1, databaseUrl: url, logDir }));
    await liftSpinGap(db);
    portals.push(await startPortal({ name: "b", port: BASE + 2, databaseUrl: url, logDir }));
    const proxy = await startProxy(BASE, [BASE + 1, BASE + 2], logDir);
    const created = await createClusterMembers(db, MEMBERS, "clu");
    const members: ClusterMember[] = [];
    let signedInOnB = 0;
    for (const member of created) {
      const { cookie, servedBy } = await signIn(proxy.url, member.account, PASSWORD);
      if (servedBy === "b") signedInOnB++;
      if (cookie) members.push({ ...member, cookie });
    }
    check(members.length === created.length, `every member signs in through the proxy`);
    check(
      signedInOnB > 0,
      `some sessions were made on the process that will be killed (${signedInOnB})`,
    );

    const accepted: Operation[] = [];
    const lost: Operation[] = [];
    const counts = { sent: 0, failedBeforeKill: 0, failedAfterKill: 0 };
    let killedAt = 0;
    const deadline = Date.now() + DURATION_MS;
    const drive = async (member: ClusterMember, index: number) => {
      for (let turn = index; Date.now() < deadline; turn++) {
        const kind: Kind = (["spin", "spin", "transfer", "deposit"] as const)[turn % 4]!;
        const op =
          kind === "deposit"
            ? operation(
                proxy.url,
                member,
                kind,
                (await openGatewayDeposit(db, member.id, DEPOSIT)).gatewayRef,
              )
            : operation(proxy.url, member, kind);
        counts.sent++;
        if (await attempt(op)) accepted.push(op);
        else {
          lost.push(op);
          if (killedAt) counts.failedAfterKill++;
          else counts.failedBeforeKill++;
        }
      }
    };
    const killer = (async () => {
      await sleep(DURATION_MS / 2);
      portals[1]!.child.kill("SIGKILL");
      killedAt = Date.now();
      await portals[1]!.exited;
    })();
    await Promise.all([...members.map(drive), killer]);

    // The client's retry: what was lost goes again with the same key, now to the survivor.
    let recovered = 0;
    for (const op of lost) {
      for (let tries = 0; tries < 10; tries++) {
        if (await attempt(op)) {
          accepted.push(op);
          recovered++;
          break;
        }
        await sleep(300);
      }
    }
    check(
      recovered === lost.length,
      `every lost request retried with its key (${recovered}/${lost.length})`,
    );
    // A second retry of everything accepted: a replay must change nothing.
    const replays = accepted.filter((_, index) => index % 10 === 0);
    let replayed = 0;
    for (const op of replays) if (await attempt(op)) replayed++;
    check(
      replayed === replays.length,
      `replays are answered as accepted (${replayed}/${replays.length})`,
    );

    // Sessions made on either process work on the survivor, directly and through the proxy.
    const survivor = portals[0]!;
    let sessionsKept = 0;
    for (const member of members) {
      const [direct, proxied] = await Promise.all(
        [survivor.url, proxy.url].map((base) =>
          fetch(`${base}/member/transfer`, {
            headers: { Cookie: member.cookie },
            redirect: "manual",
          }),
        ),
      );
      if (direct!.status === 200 && proxied!.status === 200) sessionsKept++;
    }
    check(
      sessionsKept === members.length,
      `every session still works (${sessionsKept}/${members.length})`,
    );

    // The scheduler: its bet-points sweep reaches every settled bet once, run by whichever process holds the lock.
    await sleep(3_000);
    const invariants = await ledgerInvariants(
      db,
      new Date(started),
      members.map((m) => m.id),
    );
    for (const [name, ok] of Object.entries(invariants.checks)) check(ok, name);
    const keys = await keysInLedger(db, accepted);
    check(keys.missing === 0, `every accepted key is in the ledger (${keys.missing} missing)`);
    check(keys.doubled === 0, `no accepted key is there twice (${keys.doubled} doubled)`);
    const ranAfterKill = survivor.events.filter(
      (e) => e.event === "scheduler.ran" && Date.parse(String(e.time)) > killedAt,
    ).length;
    check(
      ranAfterKill > 0,
      `the survivor's scheduler kept running after the kill (${ranAfterKill} runs with work)`,
    );
    const logged = portals
      .flatMap((portal) => portal.events)
      .filter((e) => e.event === "scheduler.ran")
      .reduce((sum, e) => sum + Number(e.betPoints ?? 0), 0);
    // At most: the killed process may have committed a sweep and died before it reported the run.
    check(
      logged <= invariants.pointsEntries,
      `every points entry a scheduler reported is in the ledger (${logged} reported, ${invariants.pointsEntries} there)`,
    );
    check(
      invariants.unsweptBets === 0,
      `every settled bet was swept for points once (${invariants.unsweptBets} not)`,
    );
    await proxy.stop();
    // httplog's "actconn/feconn/beconn/srv_conn/retries srv_queue/backend_queue": retries "+N"
    // when the request was redispatched to the other process.
    const retriedByProxy = readFileSync(`${logDir}/haproxy.log`, "utf8")
      .split("\n")
      .filter((line) => / \d+\/\d+\/\d+\/\d+\/\+?[1-9]\d* \d+\/\d+ /.test(line)).length;
    report({
      test: "cluster-kill",
      seconds: Math.round((Date.now() - started) / 1000),
      drivingSeconds: DURATION_MS / 1000,
      members: members.length,
      sent: counts.sent,
      accepted: accepted.length,
      signedInOnB,
      byKind: Object.fromEntries(
        (["spin", "transfer", "deposit"] as const).map((kind) => [
          kind,
          accepted.filter((op) => op.kind === kind).length,
        ]),
      ),
      perSecond: Math.round(counts.sent / (DURATION_MS / 1000)),
      failedBeforeKill: counts.failedBeforeKill,
      failedAfterKill: counts.failedAfterKill,
      retriedByProxy,
      recovered,
      replays: replays.length,
      entries: invariants.entries,
      pointsEntries: invariants.pointsEntries,
      schedulerRunsAfterKill: ranAfterKill,
      logDir,
    });
  } finally {
    await stopAll(portals);
    await handle.close();
  }
}

run(main);
