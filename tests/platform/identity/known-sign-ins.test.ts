import { describe, expect, test } from "vitest";
import {
  forgetKnownSignIns,
  isKnownSignIn,
  KNOWN_SIGN_IN_KEPT_DAYS,
  listKnownSignIns,
  pruneKnownSignIns,
  recordKnownSignIn,
} from "~/platform/identity/known-sign-ins.server";
import { useSeededDatabase } from "../../helpers/database";
import { insertMember } from "../../helpers/wallet";

/** The places a member signed in from: recorded, listed, forgotten (ADR 37). */
const seeded = useSeededDatabase();
const context = { ip: "203.0.113.90", userAgent: "vitest" };
const PHONE_UA =
  "Mozilla/5.0 (Linux; Android 13; Pixel 5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36";

const forgottenAudits = (memberId: string) =>
  seeded.db
    .selectFrom("audit_log")
    .select("detail")
    .where("member_id", "=", memberId)
    .where("event", "=", "known_sign_ins_forgotten")
    .orderBy("id")
    .execute();

describe("known sign-in places", () => {
  test("a sign-in's IP and browser are listed with what the member recognises, the newest first", async () => {
    const memberId = await insertMember(seeded.db);
    const first = new Date("2026-11-01T10:00:00Z");
    const later = new Date("2026-11-20T10:00:00Z");
    await recordKnownSignIn(
      seeded.db,
      memberId,
      {
        ip: "198.51.100.7",
        deviceId: "device-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
        userAgent: PHONE_UA,
      },
      first,
    );
    await recordKnownSignIn(seeded.db, memberId, { ip: "198.51.100.8" }, later);
    // A later sign-in without a user agent keeps the one recorded.
    const latest = new Date("2026-11-21T10:00:00Z");
    await recordKnownSignIn(
      seeded.db,
      memberId,
      { ip: null, deviceId: "device-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" },
      latest,
    );

    const places = await listKnownSignIns(seeded.db, memberId);
    expect(places.map((place) => [place.kind, place.shownValue])).toEqual([
      ["device", PHONE_UA],
      ["ip", "198.51.100.8"],
      ["ip", "198.51.100.7"],
    ]);
    expect(places[0]).toMatchObject({ firstSeenAt: first, lastSeenAt: latest });
    // Only the hash is looked up: the device cookie itself is nowhere in the rows.
    const rows = await seeded.db
      .selectFrom("known_sign_ins")
      .selectAll()
      .where("member_id", "=", memberId)
      .execute();
    expect(JSON.stringify(rows)).not.toContain("device-aaaa");
  });

  test("forgetting one place makes a sign-in from there unknown again; another member's id forgets nothing", async () => {
    const memberId = await insertMember(seeded.db);
    const otherId = await insertMember(seeded.db);
    await recordKnownSignIn(seeded.db, memberId, { ip: "198.51.100.20" });
    await recordKnownSignIn(seeded.db, memberId, { ip: "198.51.100.21" });
    await recordKnownSignIn(seeded.db, otherId, { ip: "198.51.100.20" });
    const mine = await listKnownSignIns(seeded.db, memberId);
    const theirs = await listKnownSignIns(seeded.db, otherId);

    expect(await forgetKnownSignIns(seeded.db, memberId, { id: theirs[0]!.id }, context)).toBe(0);
    expect(await isKnownSignIn(seeded.db, otherId, "198.51.100.20", null)).toBe(true);

    const twenty = mine.find((place) => place.shownValue === "198.51.100.20")!;
    expect(await forgetKnownSignIns(seeded.db, memberId, { id: twenty.id }, context)).toBe(1);
    expect(await isKnownSignIn(seeded.db, memberId, "198.51.100.20", null)).toBe(false);
    expect(await isKnownSignIn(seeded.db, memberId, "198.51.100.21", null)).toBe(true);
    // A doubled submit forgets nothing more and is not an error.
    expect(await forgetKnownSignIns(seeded.db, memberId, { id: twenty.id }, context)).toBe(0);
    expect(await forgottenAudits(memberId)).toEqual([
      { detail: { which: "one", ips: 1, devices: 0 } },
    ]);
  });

  test("forgetting all of them: the next sign-in from any of them is unknown", async () => {
    const memberId = await insertMember(seeded.db);
    await recordKnownSignIn(seeded.db, memberId, {
      ip: "198.51.100.30",
      deviceId: "device-bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb",
      userAgent: PHONE_UA,
    });
    expect(await forgetKnownSignIns(seeded.db, memberId, "all", context)).toBe(2);
    expect(await listKnownSignIns(seeded.db, memberId)).toEqual([]);
    expect(
      await isKnownSignIn(
        seeded.db,
        memberId,
        "198.51.100.30",
        "device-bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb",
      ),
    ).toBe(false);
    expect(await forgottenAudits(memberId)).toEqual([
      { detail: { which: "all", ips: 1, devices: 1 } },
    ]);
  });

  test("the scheduler forgets a place unused for longer than the device cookie lives", async () => {
    const memberId = await insertMember(seeded.db);
    const now = new Date();
    const day = 86_400_000;
    const unused = (days: number) => new Date(now.getTime() - days * day);
    await recordKnownSignIn(
      seeded.db,
      memberId,
      { ip: "198.51.100.60" },
      unused(KNOWN_SIGN_IN_KEPT_DAYS + 1),
    );
    await recordKnownSignIn(
      seeded.db,
      memberId,
      { ip: "198.51.100.61" },
      unused(KNOWN_SIGN_IN_KEPT_DAYS - 1),
    );
    expect(await pruneKnownSignIns(seeded.db, now)).toBe(1);
    expect((await listKnownSignIns(seeded.db, memberId)).map((place) => place.shownValue)).toEqual([
      "198.51.100.61",
    ]);
  });
});
