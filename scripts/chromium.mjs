// Debian's Chromium, as Playwright's tests and the bench launch it on this kind of machine.
// (The Playwright browser download does not work here; never `playwright install`.)
import { existsSync } from "node:fs";

// Debian's headless shell (package chromium-headless-shell, built from the same source as
// /usr/bin/chromium) when it is installed: it has no browser UI to run and costs the e2e
// suite half the CPU of the full browser in headless mode (docs/benchmarks.md). The full
// browser otherwise; CHROMIUM_PATH picks either.
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");

// Without the background-networking flags Chromium keeps dialing hosts the closed network refuses.
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
