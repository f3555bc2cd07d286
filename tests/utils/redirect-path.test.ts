import { describe, expect, test } from "vitest";
import { safeRedirectPath, withoutTrailingSlash, withSearchParam } from "~/utils/misc";

/**
 * The one rule for where a redirect may lead: a same-site path, as a header
 * can carry it. Every answer must be printable ASCII that `Headers` takes,
 * and decode back to the path that was asked for.
 */

const headerSafe = (out: string) => {
  expect(out).toMatch(/^[\x21-\x7e]+$/);
  expect(() => new Headers({ Location: out })).not.toThrow();
  expect(out.startsWith("/") && !out.startsWith("//")).toBe(true);
};

describe("safeRedirectPath: text beyond ASCII is percent-encoded once", () => {
  test.each([
    ["CJK", "/promotions?q=你好", "/promotions?q=%E4%BD%A0%E5%A5%BD"],
    [
      "Urdu",
      "/help?topic=خوش آمدید",
      "/help?topic=%D8%AE%D9%88%D8%B4%20%D8%A2%D9%85%D8%AF%DB%8C%D8%AF",
    ],
    ["accented Latin", "/promotions/café?q=ñandú", "/promotions/caf%C3%A9?q=%C3%B1and%C3%BA"],
    ["emoji", "/rng?q=🎰🍀", "/rng?q=%F0%9F%8E%B0%F0%9F%8D%80"],
    ["a path segment in CJK", "/你好", "/%E4%BD%A0%E5%A5%BD"],
    ["spaces", "/help?q=a b", "/help?q=a%20b"],
    ["a fragment", "/help?x=1#term", "/help?x=1#term"],
    ["a fragment with text", "/help#条款 一", "/help#%E6%9D%A1%E6%AC%BE%20%E4%B8%80"],
  ])("%s", (_name, input, expected) => {
    const out = safeRedirectPath(input);
    expect(out).toBe(expected);
    headerSafe(out);
    expect(decodeURIComponent(out)).toBe(input);
  });

  test("already-encoded input is kept as it is, never encoded twice", () => {
    for (const encoded of [
      "/promotions?q=%E4%BD%A0",
      "/%E4%BD%A0/x?y=%F0%9F%8E%B0#%E6%9D%A1",
      "/help?q=a%20b",
      "/help?q=100%25",
    ]) {
      expect(safeRedirectPath(encoded)).toBe(encoded);
      expect(safeRedirectPath(safeRedirectPath(encoded))).toBe(encoded);
    }
    // Half encoded, half raw: the raw part is encoded, the escapes stay.
    expect(safeRedirectPath("/promotions?q=%E4%BD%A0好")).toBe("/promotions?q=%E4%BD%A0%E5%A5%BD");
  });

  test("the answer is the same path each time: encoding is idempotent", () => {
    for (const input of ["/promotions?q=你", "/x y/é?ü=ö#ß", "/🎰?a=b&c=d"]) {
      const once = safeRedirectPath(input);
      expect(safeRedirectPath(once)).toBe(once);
    }
  });

  test("plain same-site paths are unchanged", () => {
    for (const path of ["/", "/rng?page=2", "/member/security?done=phone#bind-phone", "/?tab=FAV"])
      expect(safeRedirectPath(path)).toBe(path);
  });
});

describe("safeRedirectPath: refusals", () => {
  test.each([
    "https://evil.example",
    "//evil.example",
    "///evil.example",
    "/\\evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r\nSet-Cookie: a=b",
    "/a\u0000b",
    "/a\u007fb",
    "/a\\b",
    "javascript:alert(1)",
    "evil.example/path",
    "",
    // Dot segments that would fold into "//evil.example", which browsers read as a host.
    "/.//evil.example",
    "/..//evil.example",
    "/a/..//evil.example",
    "/%2e%2e//evil.example",
    "/%2E//evil.example/你",
  ])("%j goes to the fallback", (bad) => {
    expect(safeRedirectPath(bad)).toBe("/");
    expect(safeRedirectPath(bad, "/rng")).toBe("/rng");
  });

  test("no value at all, or a file, goes to the fallback", () => {
    expect(safeRedirectPath(null)).toBe("/");
    expect(safeRedirectPath(undefined, "")).toBe("");
    expect(safeRedirectPath(new File(["x"], "x.txt"))).toBe("/");
  });
});

describe("withSearchParam keeps what safeRedirectPath made", () => {
  test("the fragment stays last and encoded text stays encoded", () => {
    expect(withSearchParam("/help?x=1#term", "lng", null)).toBe("/help?x=1#term");
    expect(withSearchParam("/help#term", "a", "b")).toBe("/help?a=b#term");
    const safe = safeRedirectPath("/promotions?q=你&lng=ur");
    const out = withSearchParam(safe, "lng", null);
    expect(out).toBe("/promotions?q=%E4%BD%A0");
    headerSafe(out);
  });
});

describe("withoutTrailingSlash: one address per page", () => {
  const at = (path: string) => withoutTrailingSlash(new URL(path, "http://localhost"));

  test("a trailing slash is dropped and the query kept", () => {
    expect(at("/login/")).toBe("/login");
    expect(at("/login/?redirectTo=%2Fhelp")).toBe("/login?redirectTo=%2Fhelp");
    expect(at("/member///")).toBe("/member");
    expect(at("/promotions/?q=你")).toBe("/promotions?q=%E4%BD%A0");
  });

  test("the canonical path and the home page need nothing", () => {
    for (const path of ["/", "/login", "/login?redirectTo=%2Fhelp", "/agentHome"])
      expect(at(path)).toBeNull();
  });

  test("leading slashes fold to one: never another host", () => {
    const url = new URL("http://localhost//evil.example/");
    expect(url.pathname).toBe("//evil.example/");
    expect(withoutTrailingSlash(url)).toBe("/evil.example");
    expect(withoutTrailingSlash(new URL("http://localhost///"))).toBe("/");
  });
});
