/** §2: the home lobby with the register dialog open (DESIGN §4: popups are URL state). */
import { lobbyLoader } from "~/utils/lobby.server";

export const loader = lobbyLoader({ dialog: "register" });
export { default, meta } from "./index";
