/** `<origin>/register?ref=CODE`: the register dialog reads the code from it. */
export function invitationLink(request: Request, code: string) {
  return `${new URL(request.url).origin}/register?ref=${encodeURIComponent(code)}`;
}
