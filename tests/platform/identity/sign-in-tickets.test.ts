import { sql, type Kysely } from "kysely";
import { describe, expect, test } from "vitest";
import * as signInTicketsMigration from "~/platform/db/migrations/0042-sign-in-tickets";
import type { Database } from "~/platform/db/open.server";
import { hashToken } from "~/platform/identity/secrets.server";
import {
  claimSignInTicket,
  openSignInTicket,
  readSignInTicket,
  SIGN_IN_TICKET_MS,
  voidSignInTicket,
  type NewSignInTicket,
  type SignInTicketKind,
} from "~/platform/identity/sign-in-tickets.server";
import { createTestDatabase, useSeededDatabase } from "../../helpers/database";
import { codeOf } from "../../helpers/play";
import { insertMember } from "../../helpers/wallet";

/**
 * The single-use tickets between a right first factor and the next sign-in
 * step (ADR 34, ADR 37), on PGlite (PostgreSQL in CI, where the two claims
 * at once really race on separate connections).
 */
const seeded = useSeededDatabase();
const EXPIRED = { step_up: "step_up_expired", second_factor: "second_factor_expired" } as const;

const fields = (memberId: string) => ({
  memberId,
  site: "member" as const,
  remember: true,
  redirectTo: "/wallet",
  method: "password",
  forcedReason: null,
});

const ticketOf = (kind: SignInTicketKind, memberId: string): NewSignInTicket =>
  kind === "step_up"
    ? { kind, ...fields(memberId), methods: ["sms", "payee_name"], ip: "198.51.100.7" }
    : { kind, ...fields(memberId) };

async function opened(kind: SignInTicketKind, now = new Date(), db: Database = seeded.db) {
  const memberId = await insertMember(db);
  return { memberId, ticket: await openSignInTicket(db, ticketOf(kind, memberId), now) };
}

const read = (kind: SignInTicketKind, ticket: string, site = "member" as const, now?: Date) =>
  readSignInTicket(seeded.db, kind, { ticket, site }, now);
const claim = (kind: SignInTicketKind, ticket: string, now?: Date) =>
  claimSignInTicket(seeded.db, kind, { ticket, site: "member" }, now);

describe("sign-in tickets", () => {
  test("only the ticket's hash is stored; a live one reads back with its member and sign-in", async () => {
    const { memberId, ticket } = await opened("step_up");
    const rows = await seeded.db
      .selectFrom("sign_in_tickets")
      .select(["token_hash", "kind", "methods", "ip"])
      .where("member_id", "=", memberId)
      .execute();
    expect(rows).toEqual([
      {
        token_hash: hashToken(ticket),
        kind: "step_up",
        methods: "sms,payee_name",
        ip: "198.51.100.7",
      },
    ]);
    const live = await read("step_up", ticket);
    expect(live.member.id).toBe(memberId);
    expect(live.ticket).toEqual({
      site: "member",
      remember: true,
      redirectTo: "/wallet",
      method: "password",
      forcedReason: null,
      methods: ["sms", "payee_name"],
      ip: "198.51.100.7",
    });
    const second = await opened("second_factor");
    expect((await read("second_factor", second.ticket)).ticket).toMatchObject({
      methods: [],
      ip: null,
    });
  });

  test("a step-up ticket needs its methods", async () => {
    const memberId = await insertMember(seeded.db);
    await expect(
      seeded.db
        .insertInto("sign_in_tickets")
        .values({
          token_hash: hashToken("no-methods"),
          kind: "step_up",
          member_id: memberId,
          site: "member",
          remember: false,
          redirect_to: "/",
          method: "password",
          forced_reason: null,
          methods: null,
          ip: null,
          expires_at: new Date(Date.now() + 60_000),
        })
        .execute(),
    ).rejects.toThrow();
  });

  test("a ticket of one kind is neither read nor claimed as the other, each refused with its kind's code", async () => {
    for (const [kind, other] of [
      ["step_up", "second_factor"],
      ["second_factor", "step_up"],
    ] as const) {
      const { ticket } = await opened(kind);
      expect(await codeOf(read(other, ticket))).toBe(EXPIRED[other]);
      expect(await codeOf(claim(other, ticket))).toBe(EXPIRED[other]);
      // Still whole for its own step.
      expect(await codeOf(read(kind, ticket))).toBe("ok");
      expect(await codeOf(claim(kind, ticket))).toBe("ok");
    }
  });

  test("a ticket is good on the site that issued it only", async () => {
    for (const kind of ["step_up", "second_factor"] as const) {
      const { ticket } = await opened(kind);
      for (const site of ["agent", "ops", "cash_out"] as const) {
        expect(await codeOf(readSignInTicket(seeded.db, kind, { ticket, site }))).toBe(
          EXPIRED[kind],
        );
        expect(await codeOf(claimSignInTicket(seeded.db, kind, { ticket, site }))).toBe(
          EXPIRED[kind],
        );
      }
      expect(await codeOf(read(kind, ticket))).toBe("ok");
    }
  });

  test("an expired, claimed or voided ticket, or one whose member is no longer active, is refused", async () => {
    for (const kind of ["step_up", "second_factor"] as const) {
      const now = new Date();
      const late = new Date(now.getTime() + SIGN_IN_TICKET_MS[kind] + 1);
      const expiring = await opened(kind, now);
      expect(await codeOf(read(kind, expiring.ticket, "member", late))).toBe(EXPIRED[kind]);
      expect(await codeOf(claim(kind, expiring.ticket, late))).toBe(EXPIRED[kind]);

      const claimed = await opened(kind);
      await claim(kind, claimed.ticket);
      expect(await codeOf(read(kind, claimed.ticket))).toBe(EXPIRED[kind]);
      expect(await codeOf(claim(kind, claimed.ticket))).toBe(EXPIRED[kind]);

      const voided = await opened(kind);
      await voidSignInTicket(seeded.db, kind, voided.ticket);
      expect(await codeOf(read(kind, voided.ticket))).toBe(EXPIRED[kind]);
      expect(await codeOf(claim(kind, voided.ticket))).toBe(EXPIRED[kind]);

      const suspended = await opened(kind);
      await seeded.db
        .updateTable("members")
        .set({ status: "disabled" })
        .where("id", "=", suspended.memberId)
        .execute();
      expect(await codeOf(read(kind, suspended.ticket))).toBe(EXPIRED[kind]);

      expect(await codeOf(read(kind, "never-issued"))).toBe(EXPIRED[kind]);
    }
  });

  test("two claims at once: one wins, the other is refused", async () => {
    for (const kind of ["step_up", "second_factor"] as const) {
      const { ticket } = await opened(kind);
      const claims = [() => claim(kind, ticket), () => claim(kind, ticket)];
      // Both started before either is awaited; allSettled awaits every one, a refusal included.
      const results = await Promise.allSettled(claims.map((start) => start()));
      expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
      const refused = results.flatMap((result) =>
        result.status === "rejected" ? [result.reason as { code?: string }] : [],
      );
      expect(refused.map((error) => error.code)).toEqual([EXPIRED[kind]]);
    }
  });

  test("opening a ticket clears the expired ones of its kind, not the other's", async () => {
    const then = new Date(Date.now() - 60 * 60_000);
    const oldStepUp = await opened("step_up", then);
    const oldSecond = await opened("second_factor", then);
    await opened("step_up");
    const left = await seeded.db
      .selectFrom("sign_in_tickets")
      .select("kind")
      .where("token_hash", "in", [hashToken(oldStepUp.ticket), hashToken(oldSecond.ticket)])
      .execute();
    expect(left).toEqual([{ kind: "second_factor" }]);
  });
});

describe("migration 0042", () => {
  test("down gives each old table its kind's rows; up carries the live ones back", async () => {
    const fresh = await createTestDatabase();
    try {
      const db = fresh.db as unknown as Kysely<unknown>;
      const hour = 60 * 60_000;
      const stepUp = await opened("step_up", new Date(), fresh.db);
      const second = await opened("second_factor", new Date(), fresh.db);
      const expired = await opened("step_up", new Date(Date.now() - hour), fresh.db);
      const used = await opened("second_factor", new Date(), fresh.db);
      await claimSignInTicket(fresh.db, "second_factor", { ticket: used.ticket, site: "member" });

      await signInTicketsMigration.down(db);
      const table = async (name: string) =>
        (await sql<{ t: string | null }>`select to_regclass(${name})::text as t`.execute(db))
          .rows[0]!.t;
      expect(await table("sign_in_tickets")).toBeNull();
      const stepUps = await sql<{ token_hash: string; methods: string; ip: string | null }>`
        select token_hash, methods, ip from pending_step_ups order by expires_at`.execute(db);
      expect(stepUps.rows).toEqual([
        { token_hash: hashToken(expired.ticket), methods: "sms,payee_name", ip: "198.51.100.7" },
        { token_hash: hashToken(stepUp.ticket), methods: "sms,payee_name", ip: "198.51.100.7" },
      ]);
      const seconds = await sql<{ token_hash: string; used: boolean }>`
        select token_hash, used_at is not null as used from pending_second_factors`.execute(db);
      expect(seconds.rows).toHaveLength(2);
      expect(seconds.rows).toEqual(
        expect.arrayContaining([
          { token_hash: hashToken(second.ticket), used: false },
          { token_hash: hashToken(used.ticket), used: true },
        ]),
      );
      // A ticket the code before the migration opened, with that table's defaults.
      await sql`insert into pending_second_factors (token_hash, member_id, site, method, expires_at)
        values (${hashToken("before")}, ${second.memberId}, 'ops', 'sms',
          now() + interval '5 minutes')`.execute(db);

      await signInTicketsMigration.up(db);
      expect(await table("pending_step_ups")).toBeNull();
      expect(await table("pending_second_factors")).toBeNull();
      const carried = await fresh.db
        .selectFrom("sign_in_tickets")
        .select(["token_hash", "kind"])
        .execute();
      expect(carried).toHaveLength(3);
      expect(carried).toEqual(
        expect.arrayContaining([
          { token_hash: hashToken(stepUp.ticket), kind: "step_up" },
          { token_hash: hashToken(second.ticket), kind: "second_factor" },
          { token_hash: hashToken("before"), kind: "second_factor" },
        ]),
      );
      const back = await readSignInTicket(fresh.db, "step_up", {
        ticket: stepUp.ticket,
        site: "member",
      });
      expect(back.ticket).toMatchObject({ methods: ["sms", "payee_name"], ip: "198.51.100.7" });
      const before = await readSignInTicket(fresh.db, "second_factor", {
        ticket: "before",
        site: "ops",
      });
      expect(before.ticket).toMatchObject({ remember: false, redirectTo: "/", method: "sms" });
    } finally {
      await fresh.close();
    }
  });
});
