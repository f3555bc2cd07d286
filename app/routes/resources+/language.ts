import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import * as z from "zod/v4";
import { flushVendorLanes } from "~/platform/catalog/lanes.server";
import { getDb } from "~/platform/start.server";
import { withResourceHeaders } from "~/server/resource-headers.server";
import { parseFormOrThrow } from "~/utils/form.server";
import { languageMenu } from "~/utils/language-menu.server";
import { safeRedirectPath, withSearchParam } from "~/utils/misc";
import { cookieSecurity, languageCookie } from "~/utils/prefs.server";

const LanguageForm = z.object({
  lng: z
    .string()
    .refine((code) => languageMenu.some((entry) => entry.code === code), "unknown language"),
  redirectTo: z.string().optional(),
});

/** A language change is stored in a cookie and flushes the cached vendor lanes. */
async function handleAction({ request }: ActionFunctionArgs) {
  const form = await parseFormOrThrow(request, LanguageForm);
  flushVendorLanes(await getDb(), form.lng);
  // ?lng= outranks the cookie, so it must not survive into the page we return to.
  const target = withSearchParam(safeRedirectPath(form.redirectTo), "lng", null);
  return redirect(target, {
    headers: { "Set-Cookie": await languageCookie.serialize(form.lng, cookieSecurity(request)) },
  });
}

export const loader = withResourceHeaders(() => redirect("/"));

export const action = withResourceHeaders(handleAction);
