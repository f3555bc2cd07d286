/** The security centre's signed-in devices: sign one out, or every other one. */
import { json, redirect } from "@remix-run/node";
import { signOutMemberSessions } from "~/platform/identity/sessions.server";
import { auditContext } from "~/utils/auth.server";
import type { Reply, SecurityRequest } from "./__security-form.server";

/** Which session the button names: one of the member's (an id), or "others". */
function sessionOf(value: FormDataEntryValue | null): string | null {
  if (value === "others") return value;
  return typeof value === "string" && /^\d{1,18}$/.test(value) ? value : null;
}

export async function signOutSessions({ request, formData, viewer, db }: SecurityRequest): Reply {
  const sessionId = sessionOf(formData.get("sessionId"));
  if (!sessionId) throw json({ error: "unknown_session" }, { status: 400 });
  // The platform ends only the member's own sessions, never the current one.
  await signOutMemberSessions(
    db,
    { memberId: viewer.member.id, currentSessionId: viewer.sessionId, sessionId },
    auditContext(request),
  );
  const which = sessionId === "others" ? "others" : "one";
  return redirect(`/member/security?done=sessions&ended=${which}#sessions`);
}
