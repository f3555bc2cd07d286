import { serverFirst } from "../lazy-component";
import * as onServer from "./vendor-games.server";

/**
 * The vendor game list popup stays out of the home page's JavaScript: the
 * server renders it at once, the browser fetches its chunk when the popup
 * first opens (lazy-component.tsx).
 */
export const VendorGamesPopup = serverFirst(onServer.VendorGamesDialog, () =>
  import("./vendor-games-dialog").then((module) => module.VendorGamesDialog),
);
