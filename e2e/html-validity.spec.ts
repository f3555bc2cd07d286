import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { promisify } from "node:util";
import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures";

/**
 * The HTML the server sends is valid: the first pages of a visitor, a member
 * and an agent go through the Nu HTML checker (vnu.jar, on the machine's
 * Java), once for all of them, and every error fails the test with its page,
 * line and message. Each page also has exactly one level-1 heading.
 *
 * Only errors fail it. The checker's warnings are advice whose list changes
 * from one release to the next; the one that matters here, a page without a
 * level-1 heading, is asserted on its own below. Its "info" notes are about
 * how React writes void elements (`<input/>`), which the HTML allows.
 */

const VNU_JAR = createRequire(import.meta.url).resolve("vnu-jar/build/dist/vnu.jar");

/**
 * What a visitor opens first, the agent's login among them, in English and in
 * the right-to-left language: ?lng= stays as a cookie, so it comes last.
 */
const VISITOR_PAGES = [
  "/",
  "/login",
  "/register",
  "/promotions",
  "/live",
  "/help",
  "/agent",
  "/?lng=ur",
];
/** A member's lobby and member centre, with the pages that hold forms, badges and a live countdown. */
const MEMBER_PAGES = [
  "/",
  "/member",
  "/member/security",
  "/member/deposit",
  "/member/messages",
  "/member/missions",
  "/lottery",
];
const AGENT_PAGES = ["/agentHome", "/agentHome/team"];

interface CheckedPage {
  /** Who asked for it and where, e.g. "member /member/security". */
  name: string;
  html: string;
}

interface NuMessage {
  type: "error" | "info" | "non-document-error";
  subType?: string;
  url?: string;
  lastLine?: number;
  lastColumn?: number;
  message: string;
  extract?: string;
}

async function fetchPages(
  request: APIRequestContext,
  who: string,
  paths: string[],
): Promise<CheckedPage[]> {
  const pages: CheckedPage[] = [];
  for (const path of paths) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), `${who} ${path}`).toBe(200);
    expect(response.headers()["content-type"], `${who} ${path}`).toContain("text/html");
    pages.push({ name: `${who} ${path}`, html: await response.text() });
  }
  return pages;
}

/** The checker's errors over all pages in one run (one JVM start instead of one per page). */
async function nuErrors(pages: CheckedPage[]): Promise<string[]> {
  const dir = await mkdtemp(join(tmpdir(), "portal-nu-"));
  try {
    const files = new Map<string, string>();
    await Promise.all(
      pages.map(async (page, index) => {
        const file = join(dir, `page-${index}.html`);
        files.set(basename(file), page.name);
        await writeFile(file, page.html);
      }),
    );
    const { stdout } = await promisify(execFile)(
      "java",
      [
        // The quick compiler only: a run this short is over before the optimising one pays
        // for itself (less than half the CPU). Its larger frames need a deeper stack than
        // the default for the checker's schema.
        "-XX:TieredStopAtLevel=1",
        "-Xss4m",
        "-jar",
        VNU_JAR,
        "--errors-only",
        "--format",
        "json",
        "--stdout",
        "--exit-zero-always",
      ].concat([...files.keys()].map((file) => join(dir, file))),
      { maxBuffer: 64 * 1024 * 1024 },
    );
    const { messages } = JSON.parse(stdout) as { messages: NuMessage[] };
    return messages
      .filter((message) => message.type !== "info")
      .map((message) => {
        const page = files.get(basename(message.url ?? "")) ?? message.url ?? "?";
        const extract = message.extract ? `\n      ${message.extract.trim()}` : "";
        const at = `line ${message.lastLine ?? "?"}, column ${message.lastColumn ?? "?"}`;
        return `${page}, ${at}: ${message.message}${extract}`;
      });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

// A member's and an agent's pages as they first see them, announcements popup included.
test.use({ dismissAnnouncements: false });

test("the visitor's, member's and agent's first pages are valid HTML with one h1", async ({
  request,
  page,
  browser,
  baseURL,
  signIn,
}) => {
  test.slow();
  const pages = await fetchPages(request, "visitor", VISITOR_PAGES);

  await signIn("player01", "Player123");
  pages.push(...(await fetchPages(page.request, "member", MEMBER_PAGES)));

  const agentContext = await browser.newContext({ baseURL });
  try {
    const agentPage = await agentContext.newPage();
    await signIn("agent01", "Agent123", { site: "agent", page: agentPage });
    await agentPage.goto("/agentHome");
    await expect(agentPage).toHaveURL("/agentHome");
    pages.push(...(await fetchPages(agentPage.request, "agent", AGENT_PAGES)));
  } finally {
    await agentContext.close();
  }

  const headings = pages
    .map((page) => ({ name: page.name, count: page.html.match(/<h1[\s>]/gi)?.length ?? 0 }))
    .filter((page) => page.count !== 1)
    .map((page) => `${page.name}: ${page.count} h1`);
  expect.soft(headings, "pages without exactly one <h1>").toEqual([]);

  expect(await nuErrors(pages), "errors of the Nu HTML checker").toEqual([]);
});
