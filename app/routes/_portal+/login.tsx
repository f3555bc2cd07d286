/** §2: the home lobby with the login dialog open (DESIGN §4: popups are URL state). */
import { lobbyLoader } from "~/utils/lobby.server";

export const loader = lobbyLoader({ dialog: "login" });
export { default, meta } from "./index";
