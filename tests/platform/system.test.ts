import { describe, expect, test } from "vitest";
import { getPermission } from "~/platform/system/permission.server";
import { setMaintenance, writeSetting, getBrandConfig } from "~/platform/system/settings.server";
import { isRegionRestricted, systemStatus } from "~/platform/system/status.server";
import { useSeededDatabase } from "../helpers/database";

describe("system status", () => {
  test.each([
    { maintenance: false, regionRestriction: false, status: 0 },
    { maintenance: true, regionRestriction: false, status: 1 },
    { maintenance: false, regionRestriction: true, status: 2 },
    // Maintenance takes precedence over region restriction.
    { maintenance: true, regionRestriction: true, status: 1 },
  ])("maintenance=$maintenance region=$regionRestriction → $status", ({ status, ...flags }) => {
    expect(systemStatus(flags)).toBe(status);
  });
});

describe("region rules", () => {
  const region = {
    blockedCountries: ["KP", "ir"],
    blockedCidrs: ["198.51.100.0/24", "2001:db8:bad::/48"],
    allowedCidrs: ["198.51.100.42/32"],
  };

  test("a blocked country from the trusted header restricts, case-insensitively", () => {
    expect(isRegionRestricted(region, { ip: null, country: "KP" })).toBe(true);
    expect(isRegionRestricted(region, { ip: null, country: "IR" })).toBe(true);
    expect(isRegionRestricted(region, { ip: null, country: "kp" })).toBe(true);
    expect(isRegionRestricted(region, { ip: null, country: "PK" })).toBe(false);
  });

  test("blocked IPv4 and IPv6 ranges restrict; addresses outside do not", () => {
    expect(isRegionRestricted(region, { ip: "198.51.100.7", country: null })).toBe(true);
    expect(isRegionRestricted(region, { ip: "198.51.101.7", country: null })).toBe(false);
    expect(isRegionRestricted(region, { ip: "2001:db8:bad::1", country: null })).toBe(true);
    expect(isRegionRestricted(region, { ip: "2001:db8:600d::1", country: null })).toBe(false);
  });

  test("an allowed CIDR wins over a blocked range and a blocked country", () => {
    expect(isRegionRestricted(region, { ip: "198.51.100.42", country: "KP" })).toBe(false);
  });

  test("an unknown or malformed address is never matched", () => {
    expect(isRegionRestricted(region, { ip: null, country: null })).toBe(false);
    expect(isRegionRestricted(region, { ip: "not-an-ip", country: null })).toBe(false);
  });
});

describe("permission payload from the database", () => {
  const handle = useSeededDatabase();

  test("carries the brand's info, the visitor's location and status 0 normally", async () => {
    const permission = await getPermission(handle.db, { ip: "203.0.113.9", country: "PK" });
    expect(permission.status).toBe(0);
    expect(permission.location.ip).toBe("203.0.113.9");
    expect(permission.info.merchantCode).toBe("DEMO01");
    expect(permission.info.launchGameCDNs.length).toBeGreaterThan(0);
    expect(permission.info.whitelabel.map((module) => module.modId)).toContain("FREEPLAY3");
    expect(permission.info.registerFieldRules.username?.patternId).toBeTruthy();
  });

  test("maintenance toggled in the database shows at once, and wins over region", async () => {
    await setMaintenance(handle.db, true);
    expect((await getPermission(handle.db, { ip: "198.51.100.7", country: null })).status).toBe(1);
    await setMaintenance(handle.db, false);
    expect((await getPermission(handle.db, { ip: "198.51.100.7", country: null })).status).toBe(2);
    expect((await getPermission(handle.db, { ip: "203.0.113.9", country: "KP" })).status).toBe(2);
  });

  test("region rules come from the stored brand config", async () => {
    const brand = await getBrandConfig(handle.db);
    await writeSetting(handle.db, "brand", {
      ...brand,
      region: { ...brand.region, blockedCountries: ["PK"] },
    });
    expect((await getPermission(handle.db, { ip: null, country: "PK" })).status).toBe(2);
    await writeSetting(handle.db, "brand", brand);
    expect((await getPermission(handle.db, { ip: null, country: "PK" })).status).toBe(0);
  });
});
