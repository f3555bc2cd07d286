import type { Database } from "../db/open.server";
import { inTransaction } from "../db/transaction.server";
import { publishEvents } from "../events/outbox.server";

/**
 * Announces the announcements whose scheduled start has come, as the
 * operator's own changes do (the `announcement` event: open pages show it,
 * every process drops its cached lists and pages). Each start goes out once:
 * the rows are marked in the same statement that picks them, so a second
 * scheduler run, here or in another process, finds nothing left
 * (`announced_at`, 0027-announcement-starts). Returns how many went out.
 */
export async function announceStartedAnnouncements(db: Database, now = new Date()) {
  return inTransaction(db, async (trx) => {
    const started = await trx
      .updateTable("announcements")
      .set({ announced_at: now })
      .where("enabled", "=", true)
      .where("announced_at", "is", null)
      .where("published_at", "<=", now)
      .returning("id")
      .execute();
    await publishEvents(
      trx,
      started.map(({ id }) => ({
        audience: { topic: "announcements" },
        type: "announcement" as const,
        data: { id: String(id) },
      })),
    );
    return started.length;
  });
}
