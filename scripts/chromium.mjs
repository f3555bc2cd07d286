// Debian's Chromium, as Playwright's tests and the bench launch it on this kind of machine.
// (The Playwright browser download does not work here; never `playwright install`.)
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

// Without the background-networking flags Chromium keeps dialing hosts the closed network refuses.
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
