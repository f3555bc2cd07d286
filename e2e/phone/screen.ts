import type { Page } from "@playwright/test";

/** What lies beyond the screen: the document's width, and open dialogs' close controls that are off it or covered. */
export async function offScreen(page: Page): Promise<string[]> {
  return page.evaluate((screenWidth) => {
    const problems: string[] = [];
    const documentWidth = document.documentElement.scrollWidth;
    if (documentWidth > screenWidth) {
      // The outermost elements that reach past the screen's right edge: the ones to fix.
      // (Inside a scrolling or clipping box, such as the category row, it widens nothing.)
      const clipped = (element: Element) => {
        for (let box = element.parentElement; box && box !== document.body; box = box.parentElement)
          if (getComputedStyle(box).overflowX !== "visible") return true;
        return false;
      };
      const past = [...document.querySelectorAll("body *")].filter(
        (element) => element.getBoundingClientRect().right > screenWidth + 1 && !clipped(element),
      );
      const wide = past
        .filter((element) => !past.some((other) => other !== element && other.contains(element)))
        .slice(0, 4)
        .map((element) => {
          const box = element.getBoundingClientRect();
          const classes = element.getAttribute("class")?.trim().split(/\s+/).join(".") ?? "";
          return `${element.tagName.toLowerCase()}${classes ? `.${classes}` : ""} [${Math.round(box.left)}..${Math.round(box.right)}]`;
        });
      problems.push(
        `document ${documentWidth} px wide on a ${screenWidth} px screen: ${wide.join(", ")}`,
      );
    }
    for (const close of document.querySelectorAll<HTMLElement>(".dialog .dialog-close")) {
      const box = close.getBoundingClientRect();
      if (box.width === 0) continue;
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      const hit = x >= 0 && x <= screenWidth ? document.elementFromPoint(x, y) : null;
      if (!hit || !close.contains(hit)) {
        problems.push(
          `a dialog's close control at ${Math.round(x)},${Math.round(y)} is ${hit ? `covered by ${hit.tagName.toLowerCase()}.${hit.className}` : "off the screen"}`,
        );
      }
    }
    return problems;
  }, page.viewportSize()!.width);
}
