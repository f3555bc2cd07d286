import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import * as z from "zod/v4";
import { withResourceHeaders } from "~/server/resource-headers.server";
import { parseFormOrThrow } from "~/utils/form.server";
import { safeRedirectPath } from "~/utils/misc";
import { closeAnnouncementsCookieHeader } from "~/utils/prefs.server";

const CloseForm = z.object({
  redirectTo: z.string().optional(),
  /** Whose popup was closed: visitors (B), members (A), a first sign-in (FA). */
  audience: z.enum(["B", "A", "FA"]).default("B"),
});

/** Closing the announcement popup sets the closed marker of its audience for this browser session. */
async function handleAction({ request }: ActionFunctionArgs) {
  const form = await parseFormOrThrow(request, CloseForm);
  return redirect(safeRedirectPath(form.redirectTo), {
    headers: { "Set-Cookie": await closeAnnouncementsCookieHeader(request, form.audience) },
  });
}

export const loader = withResourceHeaders(() => redirect("/"));

export const action = withResourceHeaders(handleAction);
