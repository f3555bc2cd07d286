import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import * as z from "zod/v4";
import { withResourceHeaders } from "~/server/resource-headers.server";
import { parseFormOrThrow } from "~/utils/form.server";
import { safeRedirectPath } from "~/utils/misc";
import { writePrefs } from "~/utils/prefs.server";

const PrefsForm = z
  .object({
    theme: z.enum(["light", "dark"]).optional(),
    sideMenu: z.enum(["open", "collapsed"]).optional(),
    /** The header's balance shown as asterisks ("true") or in full ("false"). */
    hideBalance: z.enum(["true", "false"]).optional(),
    redirectTo: z.string().optional(),
  })
  .refine(
    (form) => form.theme || form.sideMenu || form.hideBalance,
    "theme, sideMenu or hideBalance",
  );

/** Theme, side-menu state and the hidden balance: a plain form post that works without JavaScript. */
async function handleAction({ request }: ActionFunctionArgs) {
  const form = await parseFormOrThrow(request, PrefsForm);
  const change = {
    ...(form.theme && { theme: form.theme }),
    ...(form.sideMenu && { sideMenu: form.sideMenu }),
    ...(form.hideBalance && { hideBalance: form.hideBalance === "true" }),
  };
  return redirect(safeRedirectPath(form.redirectTo), {
    headers: { "Set-Cookie": await writePrefs(request, change) },
  });
}

export const loader = withResourceHeaders(() => redirect("/"));

export const action = withResourceHeaders(handleAction);
