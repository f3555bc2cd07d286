import { describe, expect, test } from "vitest";
import { parseConfig } from "~/config.server";
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
