import { describe, expect, test } from "vitest";
import { DEMO_CS_PATH_KEY, DEMO_DATA_KEY, isProductionStart, parseConfig } from "~/config.server";
import { isWhitelabelEnabled, parseBrandConfig } from "~/platform/system/brand-config.server";
import demoBrand from "~/platform/system/brands/demo.json";

describe("environment configuration", () => {
  test("defaults describe an embedded-database start", () => {
    const config = parseConfig({});
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.PGLITE_DATA_DIR).toBe("./data/pglite");
    expect(config.SEED_DEMO).toBe(false);
    expect(config.TRUST_PROXY_HOPS).toBe(0);
  });

  test("parses flags and numbers", () => {
    const config = parseConfig({ SEED_DEMO: "true", TRUST_PROXY_HOPS: "2", CACHE_TTL_MS: "0" });
    expect(config).toMatchObject({ SEED_DEMO: true, TRUST_PROXY_HOPS: 2, CACHE_TTL_MS: 0 });
  });

  test.each([
    ["DATABASE_URL", "mysql://nope"],
    ["TRUST_PROXY_HOPS", "-1"],
    ["SEED_DEMO", "yes please"],
    ["GEO_COUNTRY_HEADER", "CF IPCountry"],
    ["NODE_ENV", "staging"],
  ])("a bad %s stops start-up naming the variable", (name, value) => {
    expect(() => parseConfig({ [name]: value })).toThrow(new RegExp(`\\b${name}\\b`));
  });
});

describe("brand config", () => {
  test("the demo brand file is valid and complete", () => {
    const brand = parseBrandConfig(demoBrand);
    expect(brand.merchantCode).toBe("DEMO01");
    expect(brand.esportsVendors).toEqual(["IMES"]);
    expect(brand.cockfightVendors).toEqual(["SV3"]);
    expect(brand.agentTypes).toEqual([1, 2, 41, 42]);
    expect(brand.trialTypes).toEqual([4]);
    expect(brand.footerVendors).toEqual(["PG", "EG2", "PT", "JDB", "CQ9", "FC", "JL", "BGS"]);
    expect(brand.customerService.map((entry) => entry.csType)).toEqual([
      "SUPPORT",
      "LIVECHAT",
      "FACEBOOK",
      "YOUTUBE",
    ]);
  });

  test("defaults fill what a minimal brand file leaves out", () => {
    const brand = parseBrandConfig({
      merchantCode: "MINI",
      name: "Mini",
      currency: { code: "USD", symbol: "$" },
      languages: ["en"],
    });
    expect(brand.prizeModes).toEqual(["LOTT", "ZY", "ELOTT", "SEA"]);
    expect(brand.agentServiceHours).toEqual({ days: [1, 2, 3, 4, 5], from: "12:00", to: "21:00" });
    expect(brand.region.blockedCidrs).toEqual([]);
    expect(brand.timeZone).toBe("UTC");
  });

  test.each([
    [{ merchantCode: "lower case" }, "merchantCode"],
    [{ region: { blockedCidrs: ["10.0.0.0"] } }, "region.blockedCidrs.0"],
    [{ timeZone: "Mars/Olympus" }, "timeZone"],
    [{ currency: { code: "RUPEE", symbol: "Rs" } }, "currency.code"],
    [
      { customerService: [{ csType: "LIVECHAT", label: "x", path: "javascript:alert(1)" }] },
      "customerService.0.path",
    ],
  ])("rejects a bad brand file naming the field (%#)", (change, path) => {
    expect(() => parseBrandConfig({ ...demoBrand, ...change })).toThrow(path);
  });

  test("whitelabel flags are found anywhere in the module tree", () => {
    const brand = parseBrandConfig(demoBrand);
    expect(isWhitelabelEnabled(brand, "USERNAMEREG3")).toBe(true);
    expect(isWhitelabelEnabled(brand, "MOBILENUMREG3")).toBe(true);
    expect(
      isWhitelabelEnabled(
        {
          whitelabel: [
            {
              modId: "A",
              enabled: true,
              childrenNodes: [{ modId: "B", enabled: false, childrenNodes: [] }],
            },
          ],
        },
        "B",
      ),
    ).toBe(false);
    expect(isWhitelabelEnabled(brand, "AGENTPOLICY3")).toBe(true);
    expect(isWhitelabelEnabled(brand, "NO_SUCH_FLAG")).toBe(false);
  });
});

describe("a production start (NODE_ENV=production without SEED_DEMO)", () => {
  const production = {
    NODE_ENV: "production",
    CS_PATH_KEY: "a".repeat(64),
    DATA_KEY: "b".repeat(64),
    PUBLIC_URL: "https://portal.example",
    BRAND_FILE: "/etc/portal/brand.json",
  };

  test("starts with its own secrets, public origin and brand file", () => {
    const config = parseConfig(production);
    expect(config.PUBLIC_URL).toBe("https://portal.example");
    expect(config.PASSWORD_HASH_LOG_N).toBe(17);
  });

  test.each(["CS_PATH_KEY", "DATA_KEY", "PUBLIC_URL", "BRAND_FILE"])(
    "refuses to start without %s, naming it",
    (name) => {
      const env: Record<string, string | undefined> = { ...production, [name]: undefined };
      expect(() => parseConfig(env)).toThrow(new RegExp(`\\b${name}: is required`));
    },
  );

  test.each([
    ["CS_PATH_KEY", DEMO_CS_PATH_KEY],
    ["DATA_KEY", DEMO_DATA_KEY.toUpperCase()],
  ])("refuses %s still at its public demo value", (name, value) => {
    expect(() => parseConfig({ ...production, [name]: value })).toThrow(
      new RegExp(`\\b${name}: is still the public demo value`),
    );
  });

  test.each([
    ["PUBLIC_URL", "portal.example"],
    ["PUBLIC_URL", "https://portal.example/shop"],
    ["PUBLIC_URL", "ftp://portal.example"],
    ["DATA_KEY", "abc"],
    ["PASSWORD_HASH_LOG_N", "14"],
  ])("refuses a bad %s (%s), naming it", (name, value) => {
    expect(() => parseConfig({ ...production, [name]: value })).toThrow(
      new RegExp(`\\b${name}\\b`),
    );
  });

  test("a demo or development start keeps the demo defaults", () => {
    for (const env of [
      { NODE_ENV: "production", SEED_DEMO: "true" },
      { NODE_ENV: "development" },
    ]) {
      const config = parseConfig(env);
      expect(config).toMatchObject({
        CS_PATH_KEY: DEMO_CS_PATH_KEY,
        DATA_KEY: DEMO_DATA_KEY,
        PUBLIC_URL: "http://localhost:3000",
      });
      expect(isProductionStart(config)).toBe(false);
    }
    expect(parseConfig({ PASSWORD_HASH_LOG_N: "10" }).PASSWORD_HASH_LOG_N).toBe(10);
  });

  test("PUBLIC_URL is kept as its origin", () => {
    expect(parseConfig({ PUBLIC_URL: "https://Portal.Example/" }).PUBLIC_URL).toBe(
      "https://portal.example",
    );
  });
});
