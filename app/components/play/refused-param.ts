/**
 * The search parameter a refused favourite toggle (once per second) comes
 * back with when JavaScript is off: the game's node id, so that tile says why.
 */
export const REFUSED_PARAM = "favouriteRefused";
