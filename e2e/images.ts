import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../scripts/chromium.mjs";

/** Chromium's switch that leaves images unfetched: the desktop projects' default (playwright.config.ts). */
export const IMAGES_OFF = "--blink-settings=imagesEnabled=false";

/** `test.use(IMAGES_ON)` in a spec that looks at an image: the same browser, images fetched. */
export const IMAGES_ON = {
  launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS },
};
