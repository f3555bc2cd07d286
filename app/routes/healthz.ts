import { json } from "@remix-run/node";
import { sql } from "kysely";
import { getDb } from "~/platform/start.server";
import { getBrandConfig } from "~/platform/system/settings.server";
import { withResourceHeaders } from "~/server/resource-headers.server";

const noStore = { "Cache-Control": "no-store" };

/** Readiness for the container: the database answers and holds a brand, so pages can render. */
async function loadResource() {
  let db;
  try {
    db = await getDb();
    await sql`select 1`.execute(db);
  } catch {
    return json({ status: "error", database: "unreachable" }, { status: 503, headers: noStore });
  }
  try {
    await getBrandConfig(db);
  } catch {
    return json(
      { status: "error", database: "ok", brand: "missing" },
      { status: 503, headers: noStore },
    );
  }
  return json({ status: "ok", database: "ok" }, { headers: noStore });
}

export const loader = withResourceHeaders(loadResource);
