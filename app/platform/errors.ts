/**
 * A failure the user can be told about. `code` is a key of the spec's error
 * catalogue (§8); routes translate it, users never see a stack trace.
 */
export class PlatformError extends Error {
  constructor(
    readonly code: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(code);
    this.name = "PlatformError";
  }
}
