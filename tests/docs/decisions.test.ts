import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";

/** Every decision record has a date and a status, and the index lists it (docs/decisions/README.md). */
const DIR = "docs/decisions";
const records = readdirSync(DIR).filter((file) => /^\d{4}-.+\.md$/.test(file));
const index = readFileSync(`${DIR}/README.md`, "utf8");

describe("architecture decision records", () => {
  test("are numbered one after another from 1", () => {
    expect(records.map((file) => Number(file.slice(0, 4)))).toEqual(records.map((_, i) => i + 1));
  });

  test.each(records)("%s has a date, a status and a line in the index", (file) => {
    const head = readFileSync(`${DIR}/${file}`, "utf8").split("\n## ")[0]!;
    expect(head).toMatch(/^# \d+\. \S/);
    expect(head).toMatch(/^Date: \d{4}-\d{2}-\d{2}$/m);
    expect(head).toMatch(/^Status: (proposed|accepted|superseded|amended)/m);
    expect(index).toContain(`](${file})`);
  });
});
