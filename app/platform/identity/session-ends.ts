/**
 * Why the platform ended a session, shown to the member on their next visit
 * (`/login?ended=`). One list, so another rule (issue 16: signed out
 * elsewhere) adds its reason here, in its locale text and in nothing else.
 */
export const SESSION_END_REASONS = ["session_limit"] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];

export const isSessionEndReason = (value: unknown): value is SessionEndReason =>
  SESSION_END_REASONS.some((reason) => reason === value);
