import { getConfig } from "~/config.server";

/** `<PUBLIC_URL>/register?ref=CODE`: shared by members, so on the public origin, never the request's Host. */
export function invitationLink(code: string) {
  return `${getConfig().PUBLIC_URL}/register?ref=${encodeURIComponent(code)}`;
}
