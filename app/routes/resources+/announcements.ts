import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import * as z from "zod/v4";
import { parseFormOrThrow } from "~/utils/form.server";
import { safeRedirectPath } from "~/utils/misc";
import { announcementClosedCookie, cookieSecurity } from "~/utils/prefs.server";

const CloseForm = z.object({ redirectTo: z.string().optional() });

/** §4: closing the announcement popup sets the closed marker for this browser session. */
export async function action({ request }: ActionFunctionArgs) {
  const form = await parseFormOrThrow(request, CloseForm);
  return redirect(safeRedirectPath(form.redirectTo), {
    headers: {
      "Set-Cookie": await announcementClosedCookie.serialize("1", cookieSecurity(request)),
    },
  });
}

export const loader = () => redirect("/");
