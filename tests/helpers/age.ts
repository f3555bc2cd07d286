import type { Database } from "~/platform/db/open.server";
import { DEMO_DOCUMENT } from "~/platform/seed/age-checks.server";

/** A verified birthday, as an operator's decision leaves it: the demo brand requires one before the first deposit. */
export async function verifyAge(db: Database, memberId: string, birthday = "1990-01-01") {
  await db
    .insertInto("age_checks")
    .values({
      member_id: memberId,
      birthday,
      content_type: "image/png",
      size: DEMO_DOCUMENT.byteLength,
      bytes: DEMO_DOCUMENT,
      status: "verified",
      created_at: new Date(),
      decided_at: new Date(),
    })
    .execute();
}

/** The smallest png and a jpeg's first bytes: what the upload checks sniff. */
export const PNG_BYTES = new Uint8Array(DEMO_DOCUMENT);
