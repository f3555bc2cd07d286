import { json } from "@remix-run/node";
import { sql } from "kysely";
import { getDb } from "~/platform/db/database.server";

/** Liveness and readiness for the container: the process answers and the database does. */
export async function loader() {
  try {
    const db = await getDb();
    await sql`select 1`.execute(db);
    return json({ status: "ok", database: "ok" }, { headers: { "Cache-Control": "no-store" } });
  } catch {
    return json({ status: "error", database: "unreachable" }, { status: 503, headers: { "Cache-Control": "no-store" } });
  }
}
