import type { LoaderFunctionArgs } from "@remix-run/node";
import { lobbyResponse } from "~/utils/lobby.server";

/** §2: the home lobby with the register dialog open (DESIGN §4: popups are URL state). */
export function loader({ request }: LoaderFunctionArgs) {
  return lobbyResponse(request, { ownDialog: true });
}

export { default, meta } from "./index";
