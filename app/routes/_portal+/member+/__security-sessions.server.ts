/** The security centre's signed-in devices: sign one out, or every other one. */
import { json, redirect } from "@remix-run/node";
import * as z from "zod/v4";
import { signOutMemberSessions } from "~/platform/identity/sessions.server";
import { auditContext } from "~/utils/auth.server";
import type { Reply, SecurityRequest } from "./__security-form.server";

/** Which session the button names: one of the member's (an id), or "others". */
const signOutSchema = z.object({
  sessionId: z.union([z.literal("others"), z.string().regex(/^\d{1,18}$/)]),
});

export async function signOutSessions({ request, formData, viewer, db }: SecurityRequest): Reply {
  const parsed = signOutSchema.safeParse({ sessionId: formData.get("sessionId") });
  if (!parsed.success) throw json({ error: "unknown_session" }, { status: 400 });
  const { sessionId } = parsed.data;
  // The platform ends only the member's own sessions, never the current one.
  await signOutMemberSessions(
    db,
    { memberId: viewer.member.id, currentSessionId: viewer.sessionId, sessionId },
    auditContext(request),
  );
  const which = sessionId === "others" ? "others" : "one";
  return redirect(`/member/security?done=sessions&ended=${which}#sessions`);
}
