import { redirect } from "@remix-run/node";
import { loginHref } from "./lobby-links";

/**
 * The member behind a request. Sessions (the cookie token, the sessions
 * table) arrive with the identity work; until then every request is a
 * visitor's, and the guards below already send visitors where §2 says.
 */
export async function getMemberId(_request: Request): Promise<string | null> {
  return null;
}

/** §2 route guard: a login-required route sends a visitor to /login?redirectTo=… */
export async function requireMemberId(request: Request): Promise<string> {
  const memberId = await getMemberId(request);
  if (!memberId) {
    const url = new URL(request.url);
    throw redirect(loginHref(url.pathname + url.search));
  }
  return memberId;
}

/** §2: only agents may stay in /agentHome; anyone else goes to the agent login page. */
export async function requireAgentId(request: Request): Promise<string> {
  const memberId = await getMemberId(request);
  if (!memberId) throw redirect("/agent");
  return memberId;
}
