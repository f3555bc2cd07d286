import { serverFirst } from "../lazy-component";
import * as onServer from "./favourite-toggle.server";

/**
 * The favourite toggle stays out of visitors' JavaScript: the server renders
 * it at once, the browser fetches its chunk when a member's page hydrates
 * (lazy-component.tsx).
 */
export const MemberFavouriteToggle = serverFirst(onServer.FavouriteToggle, () =>
  import("./favourite-toggle").then((module) => module.FavouriteToggle),
);
