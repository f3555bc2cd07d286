// Shared by design: the root loader runs it before every page of every feature (the status pages).
import { json } from "@remix-run/node";
import { csEntryHref, SUPPORT_CS_TYPE } from "~/platform/contact/cs-entries.server";
import { getDb } from "~/platform/start.server";
import { getPermission } from "~/platform/system/permission.server";
import type { SystemStatusData } from "./system-status";
import { visitorLocation } from "./visitor.server";

/** Customer-service entries that are social links (Facebook and YouTube, shown in the footer). */
export function isSocialLink(entry: { csType: string }) {
  return entry.csType === "FACEBOOK" || entry.csType === "YOUTUBE";
}

/** An entry as the browser gets it: its label and the resolver's address, never the stored target. */
export function csLink(entry: { csType: string; label: string }) {
  return { csType: entry.csType, label: entry.label, path: csEntryHref(entry.csType) };
}

/** The customer-service entry the status pages and the header open (the first that is not a social link). */
export function primaryCustomerService(entries: { csType: string; label: string }[]) {
  const entry = entries.find((candidate) => !isSocialLink(candidate)) ?? entries[0];
  return entry ? csLink(entry) : null;
}

/**
 * Reads the permission payload; a maintenance or region-blocked status
 * becomes a thrown response that the root error boundary renders.
 */
export async function requireOpenSystem(
  request: Request,
  render: { locale: string; theme: "light" | "dark" },
) {
  const db = await getDb();
  const permission = await getPermission(db, visitorLocation(request));
  if (permission.status !== 0) {
    throw json<SystemStatusData>(
      {
        systemStatus: permission.status,
        ip: permission.location.ip,
        // The portal is closed here, so its own support chat is no way to reach anyone.
        customerService: primaryCustomerService(
          permission.info.customerService.filter((entry) => entry.csType !== SUPPORT_CS_TYPE),
        ),
        ...render,
      },
      {
        status: permission.status === 1 ? 503 : 403,
        headers:
          permission.status === 1
            ? { "Retry-After": "300", "Cache-Control": "no-store" }
            : { "Cache-Control": "no-store" },
      },
    );
  }
  return permission;
}
