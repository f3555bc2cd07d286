import { describe, expect, test } from "vitest";
import { formatTimestamp } from "~/platform/calendar/datetime";
import { isGamePage } from "~/routes/_portal+/__game-pages";
import { categoryPath, loginHref, vendorHref } from "~/utils/lobby-links";
import { safeRedirectPath, withSearchParam } from "~/utils/misc";
import { formatMoney } from "~/utils/money";
import { pageParam, pagerItems } from "~/utils/pagination";

const pages = (current: number, total: number) =>
  pagerItems(current, total).map((item) => (item.kind === "gap" ? "…" : item.page));

describe("pager (range 5, 1 margin page)", () => {
  test("short lists show every page", () => expect(pages(2, 6)).toEqual([1, 2, 3, 4, 5, 6]));
  test("the middle of a long list", () =>
    expect(pages(10, 20)).toEqual([1, "…", 8, 9, 10, 11, 12, "…", 20]));
  test("near the start", () => expect(pages(1, 20)).toEqual([1, 2, 3, 4, 5, 6, "…", 20]));
  test("near the end", () => expect(pages(20, 20)).toEqual([1, "…", 15, 16, 17, 18, 19, 20]));
  test("page parameters", () => {
    expect(pageParam("3")).toBe(3);
    for (const bad of [null, "", "0", "-2", "1.5", "abc"]) expect(pageParam(bad)).toBe(1);
    expect(pageParam("999999999")).toBe(100_000);
  });
});

describe("money", () => {
  test("two decimals, thousands separators, symbol", () => {
    expect(formatMoney("123456789", { symbol: "Rs", minorUnits: 2 })).toBe("Rs 1,234,567.89");
    expect(formatMoney("5", { symbol: "$", minorUnits: 2 })).toBe("$ 0.05");
    expect(formatMoney(-250, { symbol: "$", minorUnits: 2 })).toBe("-$ 2.50");
  });
  test("exact beyond 2^53 minor units", () => {
    expect(formatMoney("900719925474099312", { symbol: "$", minorUnits: 2 })).toBe(
      "$ 9,007,199,254,740,993.12",
    );
  });
});

describe("links", () => {
  test("redirects stay on this site", () => {
    expect(safeRedirectPath("/rng?page=2")).toBe("/rng?page=2");
    for (const bad of [
      "https://evil.example",
      "//evil.example",
      "/\\evil.example",
      "/\t/evil.example",
      "/\n/evil.example",
      "/a\\b",
      "javascript:alert(1)",
      null,
    ]) {
      expect(safeRedirectPath(bad)).toBe("/");
    }
  });
  test("search parameters are set and removed", () => {
    expect(withSearchParam("/?tab=RNG", "rngPage", 2)).toBe("/?tab=RNG&rngPage=2");
    expect(withSearchParam("/?tab=RNG&rngPage=2", "rngPage", null)).toBe("/?tab=RNG");
    expect(withSearchParam("/rng", "page", null)).toBe("/rng");
  });
  test("category pages and vendor launches", () => {
    expect(categoryPath("RNG")).toBe("/rng");
    expect(categoryPath("COCKFIGHT")).toBe("/?tab=COCKFIGHT");
    expect(vendorHref("RNG", "PG")).toBe("/rng?vassalage=PG");
    expect(vendorHref("LIVE", "EVO")).toBe("/seamless?category=LIVE&vassalage=EVO");
    expect(loginHref("/")).toBe("/login");
  });
  test("game pages hide the side menu", () => {
    for (const path of ["/lott", "/LOTTERT", "/vnlottery", "/seaLottery/", "/seamless"])
      expect(isGamePage(path)).toBe(true);
    for (const path of ["/", "/lottery", "/elott", "/rng"]) expect(isGamePage(path)).toBe(false);
  });
});

describe("timestamps", () => {
  test("yyyy-MM-dd HH:mm:ss in the brand's zone", () => {
    expect(formatTimestamp("2026-11-21T19:05:09Z", "Asia/Karachi")).toBe("2026-11-22 00:05:09");
    expect(formatTimestamp("2026-01-02T03:04:05Z", "UTC")).toBe("2026-01-02 03:04:05");
  });
});

describe("language menu", () => {
  test("about 35 languages by default; a brand may offer fewer", async () => {
    const { languageMenu, offeredLanguages } = await import("~/utils/language-menu.server");
    expect(languageMenu.length).toBeGreaterThanOrEqual(35);
    expect(offeredLanguages(undefined)).toBe(languageMenu);
    expect(offeredLanguages(["ur", "en"]).map((entry) => entry.code)).toEqual(["en", "ur"]);
  });
});

describe("security headers", () => {
  test("CSP with the nonce, the brand's CDNs, and the fixed headers", async () => {
    const { securityHeaders } = await import("~/server/security-headers.server");
    const headers = new Headers();
    securityHeaders(headers, {
      nonce: "abc123",
      production: true,
      imageOrigins: ["https://img.cdn.example"],
      frameOrigins: ["https://games.cdn.example"],
    });
    const csp = headers.get("Content-Security-Policy")!;
    expect(csp).toContain("script-src 'self' 'nonce-abc123'");
    expect(csp).toContain("img-src 'self' data: https://img.cdn.example");
    expect(csp).toContain("frame-src 'self' https://games.cdn.example");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(headers.get("Strict-Transport-Security")).toMatch(/max-age=\d+/);
    const dev = new Headers();
    securityHeaders(dev, { production: false });
    expect(dev.get("Strict-Transport-Security")).toBeNull();
  });
});

describe("page clamping", () => {
  test("nonsense is page 1, past the end is the last page", async () => {
    const { clampPage } = await import("~/platform/catalog/games.server");
    expect(clampPage(3, 10)).toBe(3);
    expect(clampPage(0, 10)).toBe(1);
    expect(clampPage(Number.NaN, 10)).toBe(1);
    expect(clampPage(2.7, 10)).toBe(2);
    expect(clampPage(99, 10)).toBe(10);
  });
});
