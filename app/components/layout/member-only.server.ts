/**
 * The member chrome, imported statically on the server only: Remix replaces
 * `.server` modules with an empty module in the browser build, so there these
 * are undefined and `member-only.tsx` loads the chunk lazily instead.
 */
export * from "./member-chrome";
