/**
 * The member's favourite toggle, imported statically on the server only:
 * Remix replaces `.server` modules with an empty module in the browser build,
 * so there it is undefined and `member-favourite.tsx` loads it lazily.
 */
export { FavouriteToggle } from "./favourite-toggle";
