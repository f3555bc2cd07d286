// Shared by design: entry.server.tsx inlines the stylesheet into every document, whichever route renders.
import { readFile } from "node:fs/promises";
import path from "node:path";

const texts = new Map<string, Promise<string | undefined>>();

/**
 * The text of a built stylesheet (`/build/_assets/app-….css` under `public/`),
 * read once per process. Undefined when the file is missing, so the page falls
 * back to a <link> instead of failing.
 */
export function stylesheetText(href: string): Promise<string | undefined> {
  let text = texts.get(href);
  if (!text) {
    text = readFile(path.join(process.cwd(), "public", href), "utf8").catch(() => undefined);
    texts.set(href, text);
  }
  return text;
}
