import { readFileSync } from "node:fs";
import { test as base, expect, type Locator, type Page } from "@playwright/test";
import pg from "pg";
import { createTranslator, type Labels } from "../app/utils/i18n";
import { announcementClosedCookie } from "../app/utils/prefs.server";

/**
 * Shared fixtures (Epic Stack style). Every spec imports `test` and `expect`
 * from here, never from @playwright/test, so the fixtures below apply.
 */

/** The PostgreSQL database the e2e server runs on; absent when it runs on PGlite. */
export const e2eDatabaseUrl = process.env.E2E_DATABASE_URL;

const labelSets = new Map<string, Labels>();

/**
 * A label as the app renders it (the app's own translator over
 * locales/<lng>/common.json), so a wording change does not break the tests.
 */
export function label(lng: string, key: string, vars: Record<string, string | number> = {}): string {
  let labels = labelSets.get(lng);
  if (!labels) {
    labels = JSON.parse(readFileSync(new URL(`../locales/${lng}/common.json`, import.meta.url), "utf8")) as Labels;
    labelSets.set(lng, labels);
  }
  const text = createTranslator(lng, labels)(key, vars);
  if (text === key) throw new Error(`No label ${key} in locales/${lng}/common.json`);
  return text;
}

/** Writes the platform's maintenance flag, as an operator would, straight into `settings`. */
export async function writeMaintenance(on: boolean) {
  if (!e2eDatabaseUrl) throw new Error("E2E_DATABASE_URL is not set: the e2e server runs on PGlite");
  const client = new pg.Client({ connectionString: e2eDatabaseUrl });
  await client.connect();
  try {
    await client.query(
      `insert into settings (key, value) values ('status', $1::jsonb)
       on conflict (key) do update set value = excluded.value, updated_at = now()`,
      [JSON.stringify({ maintenance: on })],
    );
  } finally {
    await client.end();
  }
}

/** The integer in a text such as "693 games" or "2 / 6" (first number). */
export async function numberIn(locator: Locator): Promise<number> {
  const text = (await locator.textContent()) ?? "";
  const match = /\d[\d,]*/.exec(text);
  if (!match) throw new Error(`No number in "${text}"`);
  return Number(match[0].replace(/,/g, ""));
}

/** Whether the element that has focus is inside `selector`. */
export function focusIsInside(page: Page, selector: string) {
  return page.evaluate((sel) => Boolean(document.activeElement?.closest(sel)), selector);
}

/**
 * Waits until Remix has hydrated the page (JavaScript on), so that what a
 * test does next exercises the client-side behaviour, not the HTML fallback
 * that works before hydration. Pages that are not Remix documents pass at once.
 */
export async function waitForHydration(page: Page, pageErrors: string[] = []) {
  try {
    await page.waitForFunction(
      () => {
        const remixWindow = window as unknown as { __remixContext?: unknown; __remixRouter?: { state: { initialized: boolean } } };
        return !remixWindow.__remixContext || remixWindow.__remixRouter?.state.initialized === true;
      },
      undefined,
      { timeout: 10_000 },
    );
  } catch (error) {
    const detail = pageErrors.length ? `; errors in the page: ${pageErrors.join(" | ")}` : "";
    throw new Error(`${page.url()} did not hydrate${detail}`, { cause: error });
  }
}

interface Fixtures {
  /**
   * Option: start each test with the announcements popup already closed for
   * the browser session (the cookie its close button sets), so it does not
   * cover the lobby. Default true; the popup's own tests turn it off.
   */
  dismissAnnouncements: boolean;
  _announcementsCookie: void;
  /** Turns platform maintenance on or off; it is always switched off again after the test. */
  setMaintenance: (on: boolean) => Promise<void>;
}

export const test = base.extend<Fixtures>({
  dismissAnnouncements: [true, { option: true }],

  _announcementsCookie: [
    async ({ context, baseURL, dismissAnnouncements }, use) => {
      if (dismissAnnouncements) {
        const header = await announcementClosedCookie.serialize("1");
        const [pair = ""] = header.split(";");
        const at = pair.indexOf("=");
        await context.addCookies([
          { name: pair.slice(0, at), value: pair.slice(at + 1), url: baseURL!, httpOnly: true, sameSite: "Lax" },
        ]);
      }
      await use();
    },
    { auto: true },
  ],

  /**
   * With JavaScript on: an uncaught error in the page fails the test, and
   * page.goto / page.reload resolve only once the page has hydrated.
   */
  page: async ({ page, javaScriptEnabled }, use) => {
    const pageErrors: string[] = [];
    if (javaScriptEnabled) {
      page.on("pageerror", (error) => pageErrors.push(`${error.name}: ${error.message}`));
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      page.goto = async (...args) => {
        const response = await goto(...args);
        await waitForHydration(page, pageErrors);
        return response;
      };
      page.reload = async (...args) => {
        const response = await reload(...args);
        await waitForHydration(page, pageErrors);
        return response;
      };
    }
    await use(page);
    expect(pageErrors, "uncaught errors in the page").toEqual([]);
  },

  // eslint-disable-next-line no-empty-pattern
  setMaintenance: async ({}, use) => {
    let touched = false;
    await use(async (on) => {
      touched = true;
      await writeMaintenance(on);
    });
    if (touched) await writeMaintenance(false);
  },
});

export { expect };
