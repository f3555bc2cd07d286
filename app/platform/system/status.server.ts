import { BlockList, isIP } from "node:net";
import type { BrandConfig } from "./brand-config.server";

/** System status: 0 normal, 1 maintenance, 2 region restricted; maintenance wins. */
export type SystemStatus = 0 | 1 | 2;

export function systemStatus(flags: {
  maintenance: boolean;
  regionRestriction: boolean;
}): SystemStatus {
  if (flags.maintenance) return 1;
  if (flags.regionRestriction) return 2;
  return 0;
}

export interface VisitorLocation {
  ip: string | null;
  country: string | null;
}

const blockLists = new WeakMap<string[], BlockList>();

function blockListOf(cidrs: string[]): BlockList {
  const known = blockLists.get(cidrs);
  if (known) return known;
  const list = new BlockList();
  blockLists.set(cidrs, list);
  for (const cidr of cidrs) {
    const [address = "", prefix = ""] = cidr.split("/");
    const family = isIP(address) === 6 ? "ipv6" : "ipv4";
    list.addSubnet(address, Number(prefix), family);
  }
  return list;
}

function matches(list: BlockList, ip: string | null): boolean {
  if (!ip) return false;
  const family = isIP(ip);
  if (family === 0) return false;
  return list.check(ip, family === 6 ? "ipv6" : "ipv4");
}

/**
 * Region rules of the brand: an allowed CIDR always passes (an office, a
 * monitoring probe); otherwise a blocked country or a blocked CIDR restricts.
 */
export function isRegionRestricted(
  region: BrandConfig["region"],
  visitor: VisitorLocation,
): boolean {
  if (matches(blockListOf(region.allowedCidrs), visitor.ip)) return false;
  const country = visitor.country?.toUpperCase();
  if (country && region.blockedCountries.some((blocked) => blocked.toUpperCase() === country)) {
    return true;
  }
  return matches(blockListOf(region.blockedCidrs), visitor.ip);
}
