import { describe, expect, it, vi } from "vitest";
import { startScheduler, type ScheduledWork } from "~/platform/agency/scheduler.server";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const work: ScheduledWork = {
  settlements: 1,
  draws: 0,
  withdrawals: 0,
  bonusesExpired: 0,
  cashbacks: 0,
  betPoints: 0,
  referralRewards: 0,
  announcementsStarted: 0,
  eventsPruned: 0,
  knownSignInsPruned: 0,
  vipUpgrades: 0,
  auditSealed: 0,
};

describe("the scheduler's timer", () => {
  it("runs at once and then on every tick, never two runs of one process at a time, and stops", async () => {
    let running = 0;
    let most = 0;
    let runs = 0;
    const events: string[] = [];
    const handle = startScheduler(
      async () => {
        running++;
        runs++;
        most = Math.max(most, running);
        await sleep(35);
        running--;
        return work;
      },
      10,
      (event) => events.push(event),
    );
    await sleep(5);
    expect(runs).toBe(1);
    await vi.waitFor(() => expect(runs).toBeGreaterThanOrEqual(3), { timeout: 5_000 });
    handle.stop();
    await sleep(60);
    const after = runs;
    await sleep(60);
    expect(most).toBe(1);
    expect(runs).toBe(after);
    expect(events.every((event) => event === "scheduler.ran")).toBe(true);
  });

  it("reports a failed run and keeps going; a run that found nothing to do or was locked out is quiet", async () => {
    const results: Array<() => Promise<ScheduledWork | null>> = [
      async () => {
        throw new Error("database gone");
      },
      async () => null,
      async () => ({
        settlements: 0,
        draws: 0,
        withdrawals: 0,
        bonusesExpired: 0,
        cashbacks: 0,
        betPoints: 0,
        referralRewards: 0,
        announcementsStarted: 0,
        eventsPruned: 0,
        knownSignInsPruned: 0,
        vipUpgrades: 0,
        auditSealed: 0,
      }),
      async () => work,
    ];
    const events: Array<[string, Record<string, unknown>]> = [];
    let call = 0;
    const handle = startScheduler(
      () => results[Math.min(call++, results.length - 1)]!(),
      10,
      (event, detail) => events.push([event, detail]),
    );
    await vi.waitFor(() => expect(events.length).toBeGreaterThanOrEqual(2), { timeout: 5_000 });
    handle.stop();
    expect(events[0]).toEqual(["scheduler.failed", { error: "Error: database gone" }]);
    expect(events[1]?.[0]).toBe("scheduler.ran");
    expect(events[1]?.[1]).toMatchObject({ settlements: 1 });
  });
});

describe("stopping the scheduler", () => {
  it("waits for a run under way and starts no other", async () => {
    let finished = 0;
    let started = 0;
    const handle = startScheduler(
      async () => {
        started++;
        await sleep(80);
        finished++;
        return work;
      },
      10,
      () => undefined,
    );
    await sleep(20);
    await handle.stop();
    expect(finished).toBe(started);
    await sleep(50);
    expect(started).toBe(1);
  });
});
