import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures";
import { languageMenu } from "../app/utils/language-menu.server";
import { withSearchParam } from "../app/utils/misc";

/**
 * Every byte the production server sends for the first pages of visitors,
 * members and agents, in every shipped language: no NUL byte, nothing that is
 * not UTF-8. react-dom 18.3.1 wrote NULs into every Urdu page where a
 * multi-byte character met the end of its 2 KB buffer (ADR 30), which only the
 * bytes show: a browser's DOM hides them. Plain and gzipped, rendered and from
 * the page cache.
 */

const SHIPPED = ["en", "ur", "ja", "ko", "pt"];

const VISITOR_PAGES = [
  "/",
  "/live",
  "/sports",
  "/rng",
  "/rng?vassalage=CQ9&classify=VP",
  "/fish",
  "/lott",
  "/promotions",
  "/help",
  "/pointMall",
  "/download",
  "/login",
  "/register",
  "/agent",
];
const MEMBER_PAGES = [
  "/",
  "/promotions",
  "/member",
  "/member/security",
  "/member/deposit",
  "/member/withdraw",
  "/member/transactions",
  "/member/rewards",
  "/member/messages",
];
const AGENT_PAGES = ["/agentHome", "/agentHome/team", "/agentHome/income", "/agentHome/team.csv"];

const HTML = { Accept: "text/html,application/xhtml+xml" };

/** The text of a response whose bytes are all right, or a failure naming the page and the place. */
async function cleanText(request: APIRequestContext, path: string, gzip: boolean) {
  const response = await request.get(path, {
    headers: { ...HTML, "Accept-Encoding": gzip ? "gzip" : "identity" },
  });
  expect(response.status(), path).toBe(200);
  const encoding = response.headers()["content-encoding"];
  // Documents are large enough to be gzipped whenever asked; a short CSV may not be.
  if (!gzip || response.headers()["content-type"]?.startsWith("text/html"))
    expect(encoding, path).toBe(gzip ? "gzip" : undefined);
  const bytes = await response.body();
  const nul = bytes.indexOf(0);
  expect(
    nul,
    `${path}: NUL byte in ${JSON.stringify(bytes.subarray(Math.max(0, nul - 24), nul + 8).toString())}`,
  ).toBe(-1);
  let text = "";
  expect(() => {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  }, `${path}: bytes that are not UTF-8`).not.toThrow();
  return text;
}

/**
 * Each page plain, then gzipped. For a visitor the first request renders the
 * page and the second comes from the page cache, through its own gzip join; a
 * signed-in page is rendered every time, so once is enough.
 */
async function checkPages(
  request: APIRequestContext,
  paths: string[],
  language: string,
  encodings: boolean[] = [false, true],
) {
  for (const path of paths) {
    const url = withSearchParam(path, "lng", language);
    for (const gzip of encodings) await cleanText(request, url, gzip);
  }
}

// Plain requests, the same with JavaScript on or off: only the nojs project runs this file.
test.describe("server answers", () => {
  for (const language of SHIPPED) {
    test(`a visitor's pages in ${language} are clean UTF-8 without NUL bytes`, async ({
      request,
    }) => {
      await checkPages(request, VISITOR_PAGES, language);
    });

    test(`a member's and an agent's pages in ${language} are clean UTF-8 without NUL bytes`, async ({
      page,
      browser,
      signIn,
    }) => {
      await signIn("player01", "Player123");
      await checkPages(page.context().request, MEMBER_PAGES, language, [true]);
      const agent = await (await browser.newContext()).newPage();
      await signIn("agent01", "Agent123", { site: "agent", page: agent });
      await checkPages(agent.context().request, AGENT_PAGES, language, [true]);
      await agent.context().close();
    });
  }

  test("the lobby in each of the menu's languages names every language intact", async ({
    request,
  }) => {
    expect(languageMenu.length).toBeGreaterThanOrEqual(35);
    for (const { code } of languageMenu) {
      const html = await cleanText(request, `/?lng=${encodeURIComponent(code)}`, true);
      for (const { name } of languageMenu) expect(html, `${code}: ${name}`).toContain(name);
    }
  });
});
