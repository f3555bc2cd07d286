// Shared by design: the visitor's IP and country, read by the sign-in guards (auth.server) and the status check (system.server).
import { isIP } from "node:net";
import { getConfig } from "~/config.server";
import type { VisitorLocation } from "~/platform/system/status.server";
import { peerAddress } from "~/server/peer-address.server";

/**
 * The visitor's address and country as the trusted proxies in front of the
 * portal report them. With no trusted hop configured, X-Forwarded-For is
 * ignored (anyone can send it) and the address is the connection's own peer,
 * so per-IP limits hold with or without a proxy.
 */
export function visitorLocation(request: Request): VisitorLocation {
  const { TRUST_PROXY_HOPS, GEO_COUNTRY_HEADER } = getConfig();
  if (TRUST_PROXY_HOPS === 0) return { ip: peerAddress(request), country: null };
  const hops = (request.headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((hop) => hop.trim())
    .filter(Boolean);
  // Each trusted proxy appends the address it saw; the client is the entry the outermost one added.
  const candidate = hops[hops.length - TRUST_PROXY_HOPS] ?? null;
  const ip = candidate && isIP(candidate) ? candidate : null;
  const rawCountry = GEO_COUNTRY_HEADER ? request.headers.get(GEO_COUNTRY_HEADER) : null;
  const country = rawCountry && /^[A-Za-z]{2}$/.test(rawCountry) ? rawCountry.toUpperCase() : null;
  return { ip, country };
}
