/**
 * The vendor game list popup, imported statically on the server only: Remix
 * replaces `.server` modules with an empty module in the browser build, so
 * there it is undefined and `vendor-games.tsx` loads its chunk lazily.
 */
export { VendorGamesDialog } from "./vendor-games-dialog";
