/** The security centre's known sign-in places: forget one, or all of them. */
import { json, redirect } from "@remix-run/node";
import * as z from "zod/v4";
import { forgetKnownSignIns } from "~/platform/identity/known-sign-ins.server";
import { auditContext } from "~/utils/auth.server";
import type { Reply, SecurityRequest } from "./__security-form.server";

/** Which place the button names: one by its id, or "all". */
const forgetSchema = z.object({
  place: z.union([z.literal("all"), z.string().regex(/^\d{1,18}$/)]),
});

export async function forgetKnownPlaces({ request, formData, viewer, db }: SecurityRequest): Reply {
  const parsed = forgetSchema.safeParse({ place: formData.get("place") });
  if (!parsed.success) throw json({ error: "unknown_place" }, { status: 400 });
  const { place } = parsed.data;
  // The platform forgets only the member's own places, whatever id is sent.
  await forgetKnownSignIns(
    db,
    viewer.member.id,
    place === "all" ? "all" : { id: place },
    auditContext(request),
  );
  const which = place === "all" ? "all" : "one";
  return redirect(`/member/security?done=known-places&forgot=${which}#known-places`);
}
