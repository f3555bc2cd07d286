/**
 * A failure the user can be told about. `code` names a message of the error
 * catalogue (the label files in locales/); routes translate it, users never see a stack trace.
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
