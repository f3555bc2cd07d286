import { minorToInput } from "./money";

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
