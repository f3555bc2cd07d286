import { PlatformError } from "~/platform/errors";
import { getDb } from "~/platform/start.server";
import { getBrandConfig } from "~/platform/system/settings.server";
import { translatorFor } from "~/utils/i18next.server";
import { requireAgent } from "./auth.server";
import { notFound } from "./misc";
import { minorToInput } from "./money";

/**
 * What every /agentHome loader and action starts with: the signed-in agent
 * (re-checked on every request; a non-agent goes to /agent), the database,
 * the brand and the translator. `agentId` comes from the session only; ids
 * from the URL or the form are looked up inside this agent's downline.
 */
export async function agentContext(request: Request) {
  const viewer = await requireAgent(request);
  const db = await getDb();
  const [brand, t] = await Promise.all([getBrandConfig(db), translatorFor(request)]);
  return { viewer, agentId: viewer.member.id, db, brand, t };
}

/**
 * A downline id, contract or report the agent may not see is answered like
 * one that does not exist: a 404 (thrown, so the error boundary renders it).
 */
export async function orNotFound<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof PlatformError && error.code === "not_found") throw notFound();
    throw error;
  }
}

/** A spreadsheet cell: quoted, and a leading = + - @ made inert so a spreadsheet never runs it as a formula. */
function csvCell(value: string | number | null): string {
  let text = value === null ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

/** A CSV download (UTF-8 with BOM so spreadsheets read Urdu names), never cached. */
export function csvResponse(
  filename: string,
  header: string[],
  rows: Array<Array<string | number | null>>,
): Response {
  const body = [header, ...rows].map((row) => row.map(csvCell).join(",")).join("\r\n");
  return new Response(`\uFEFF${body}\r\n`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename.replace(/[^A-Za-z0-9._-]/g, "_")}"`,
      "Cache-Control": "private, no-store",
    },
  });
}

/** Minor units as a plain decimal for a CSV cell ("-1234.50"): no separators, no symbol. */
export function csvMoney(minor: string | bigint, minorUnits: number): string {
  const value = BigInt(minor);
  return value < 0n ? `-${minorToInput(-value, minorUnits)}` : minorToInput(value, minorUnits);
}

/** Rows a CSV export holds at most; the page's filters narrow a bigger window. */
export const CSV_ROW_LIMIT = 50_000;
