import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import * as z from "zod/v4";
import { audit } from "~/platform/audit/audit.server";
import { deleteSession } from "~/platform/identity/sessions.server";
import { getDb } from "~/platform/start.server";
import { withResourceHeaders } from "~/server/resource-headers.server";
import { auditContext } from "~/utils/auth.server";
import { parseFormOrThrow } from "~/utils/form.server";
import {
  clearOpsSessionCookieHeader,
  clearSessionCookieHeader,
  readOpsSessionToken,
  readSessionToken,
} from "~/utils/session.server";

const LogoutForm = z.object({ site: z.enum(["member", "agent", "ops"]).optional() });

/**
 * Logout, posted from the confirmation dialog (same origin only): the
 * platform deletes the session and the session cookie is cleared. Every other
 * cookie (language, theme and side-menu prefs, the announcement marker) stays,
 * as the spec restores the merchant keys. Members return to /, agents to /agent,
 * operators to /ops/login.
 */
async function handleAction({ request }: ActionFunctionArgs) {
  const form = await parseFormOrThrow(request, LogoutForm);
  // The back office has its own cookie: signing out there leaves a portal session alone.
  if (form.site === "ops") return opsLogout(request);
  const token = await readSessionToken(request);
  if (token) {
    const db = await getDb();
    const memberId = await deleteSession(db, token);
    if (memberId)
      await audit(db, "logout", auditContext(request), {
        memberId,
        detail: { site: form.site ?? "member" },
      });
  }
  return redirect(form.site === "agent" ? "/agent" : "/", {
    headers: { "Set-Cookie": await clearSessionCookieHeader(request) },
  });
}

async function opsLogout(request: Request) {
  const token = await readOpsSessionToken(request);
  if (token) {
    const db = await getDb();
    const memberId = await deleteSession(db, token);
    if (memberId)
      await audit(db, "logout", auditContext(request), { memberId, detail: { site: "ops" } });
  }
  return redirect("/ops/login", {
    headers: { "Set-Cookie": await clearOpsSessionCookieHeader(request) },
  });
}

/** GET /logout changes nothing: signing out takes the confirmation form. */
export const loader = withResourceHeaders(() => redirect("/"));

export const action = withResourceHeaders(handleAction);
